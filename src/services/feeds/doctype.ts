/**
 * A feed's document type declaration (`<!DOCTYPE trovit [ … ]>`, before its root) and the general
 * entities its internal subset declares (`<!ENTITY agency "Inmobiliaria L&#243;pez">`), which the
 * feed's text may then use (`&agency;`). Decision 089.
 *
 * An entity's value is inserted as text, never parsed as markup (as sax inserts the entities it
 * knows): its character references are decoded, and its references to XML's five entities and to
 * entities declared before it are replaced by their values. A value that would grow past
 * `MAX_ENTITY_CHARS` (entities nested to multiply, the "billion laughs") is not declared, and its
 * references stay as written, as do a record's references after its first `MAX_EXPANSIONS`. External entities (`SYSTEM`, `PUBLIC`) are never fetched, parameter
 * entities (`%name;`) never expanded: their references stay as written too.
 */

/** The longest value an entity may have once its references are replaced. */
export const MAX_ENTITY_CHARS = 4096;

/**
 * References to declared entities replaced in one record at most; later ones stay as written. With
 * `MAX_ENTITY_CHARS`, a record grows by 4 M characters at most, however many references it makes.
 */
export const MAX_EXPANSIONS = 1000;

/** Declared entities by name, each with a non-empty value (sax reads an empty one as undeclared). */
export type DeclaredEntities = Record<string, string>;

export interface Doctype {
  /** Where the declaration ends (after its `>`). */
  end: number;
  entities: DeclaredEntities;
}

/** XML's five entities, which every reader knows (no prototype: a name is only what it says). */
export const XML_ENTITIES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
});
const NAME = /[A-Za-z_][\w.:-]*/y;
const BLANKS = /[ \t\r\n]*/y;
const REFERENCE = /&(?:#(\d{1,7})|#x([\da-fA-F]{1,6})|([A-Za-z_][\w.:-]*));/g;

const isBlank = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13;

/**
 * The declaration starting at `at` (its `<!DOCTYPE`) in the plain form both of the feed readers
 * read alone: a name, an optional external id, and an optional internal subset of entity,
 * element, attribute-list and notation declarations and comments. `'more'` when `text` ends
 * before it does (and is not `final`); undefined for anything else (parameter entities, processing
 * instructions, a malformed declaration), which sax then judges.
 */
export function readDoctype(text: string, at: number, final: boolean): Doctype | 'more' | undefined {
  const cut = (): 'more' | undefined => (final ? undefined : 'more');
  if (!text.startsWith('<!DOCTYPE', at)) return cutIn(text, at, '<!DOCTYPE') ? cut() : undefined;
  let i = at + 9;
  if (i >= text.length) return cut();
  if (!isBlank(text.charCodeAt(i))) return undefined;
  i = blanks(text, i);
  const name = nameAt(text, i);
  if (name === undefined) return i >= text.length ? cut() : undefined;
  i = blanks(text, i + name.length);
  const external = externalId(text, i);
  if (external === 'more') return cut();
  if (external === undefined) return undefined;
  i = blanks(text, external);
  const entities: DeclaredEntities = Object.create(null) as DeclaredEntities;
  if (text.charCodeAt(i) === 91 /* [ */) {
    i++;
    for (;;) {
      i = blanks(text, i);
      if (i >= text.length) return cut();
      if (text.charCodeAt(i) === 93 /* ] */) {
        i = blanks(text, i + 1);
        break;
      }
      const declared = declaration(text, i, entities);
      if (declared === 'more') return cut();
      if (declared === undefined) return undefined;
      i = declared;
    }
  }
  if (i >= text.length) return cut();
  return text.charCodeAt(i) === 62 /* > */ ? { end: i + 1, entities } : undefined;
}

/**
 * The entities declared in a DOCTYPE as sax reports it (`ondoctype`: the text after `<!DOCTYPE`
 * up to its `>`, without its comments), when it is of the plain form `readDoctype` reads; else none.
 */
export function doctypeEntities(doctype: string): DeclaredEntities {
  const read = readDoctype(`<!DOCTYPE${doctype}>`, 0, true);
  return read === undefined || read === 'more' ? (Object.create(null) as DeclaredEntities) : read.entities;
}

/** The value `&name;` stands for in text: a declared entity's, else undefined. */
export function declaredEntity(entities: DeclaredEntities, name: string): string | undefined {
  return Object.hasOwn(entities, name) ? entities[name] : undefined;
}

/** Whether `text` ends at `i` or inside `word` begun there. */
function cutIn(text: string, i: number, word: string): boolean {
  return text.length - i < word.length && word.startsWith(text.slice(i));
}

function blanks(text: string, i: number): number {
  BLANKS.lastIndex = i;
  BLANKS.test(text);
  return BLANKS.lastIndex;
}

function nameAt(text: string, i: number): string | undefined {
  NAME.lastIndex = i;
  return NAME.exec(text)?.[0];
}

/** After a `"` or `'` at `i`: where the quoted literal ends (after its closing quote), -1 if cut. */
function quoted(text: string, i: number): number | undefined {
  const q = text.charCodeAt(i);
  if (q !== 34 && q !== 39) return undefined;
  const close = text.indexOf(q === 34 ? '"' : "'", i + 1);
  return close === -1 ? -1 : close + 1;
}

/** An optional `SYSTEM "…"` or `PUBLIC "…" "…"` at `i`: where it ends (`i` without one). */
function externalId(text: string, i: number): number | 'more' | undefined {
  const keyword = text.startsWith('SYSTEM', i) ? 1 : text.startsWith('PUBLIC', i) ? 2 : 0;
  if (keyword === 0) return cutIn(text, i, 'SYSTEM') || cutIn(text, i, 'PUBLIC') ? 'more' : i;
  let j = i + 6;
  for (let literal = 0; literal < keyword; literal++) {
    if (j >= text.length) return 'more';
    if (!isBlank(text.charCodeAt(j))) return undefined;
    j = blanks(text, j);
    if (j >= text.length) return 'more';
    const end = quoted(text, j);
    if (end === undefined) return undefined;
    if (end === -1) return 'more';
    j = end;
  }
  return j;
}

/**
 * One declaration or comment of an internal subset at `i`, the entities it declares added to
 * `entities`: where it ends, or undefined when it is not of the plain form.
 */
function declaration(text: string, i: number, entities: DeclaredEntities): number | 'more' | undefined {
  if (text.startsWith('<!--', i)) {
    const end = text.indexOf('-->', i + 4);
    if (end === -1) return 'more';
    // sax refuses `--` inside a comment, and a comment ending in `-`.
    const body = text.slice(i + 4, end);
    return body.includes('--') || body.endsWith('-') ? undefined : end + 3;
  }
  if (text.length - i < 10) return 'more';
  if (text.startsWith('<!ENTITY', i) && isBlank(text.charCodeAt(i + 8))) {
    let j = blanks(text, i + 8);
    const name = nameAt(text, j);
    if (name === undefined) return j >= text.length ? 'more' : undefined;
    j += name.length;
    if (j >= text.length) return 'more';
    if (!isBlank(text.charCodeAt(j))) return undefined;
    j = blanks(text, j);
    if (j >= text.length) return 'more';
    let value: string | undefined;
    const end = quoted(text, j);
    if (end === -1) return 'more';
    if (end !== undefined) {
      value = text.slice(j + 1, end - 1);
      j = end;
    } else {
      // An external entity (never fetched), maybe unparsed (`NDATA`): declared, but left as written.
      const external = externalId(text, j);
      if (external === 'more') return 'more';
      if (external === undefined || external === j) return undefined;
      j = blanks(text, external);
      if (cutIn(text, j, 'NDATA')) return 'more';
      if (text.startsWith('NDATA', j)) {
        j = blanks(text, j + 5);
        const notation = nameAt(text, j);
        if (notation === undefined) return j >= text.length ? 'more' : undefined;
        j += notation.length;
      }
    }
    j = blanks(text, j);
    if (j >= text.length) return 'more';
    if (text.charCodeAt(j) !== 62 /* > */) return undefined;
    // The first declaration of a name binds (XML 1.0 §4.2); XML's own five keep their meaning;
    // `__proto__` would reach an object's prototype.
    if (value !== undefined && !(name in entities) && !(name in XML_ENTITIES) && name !== '__proto__') {
      const replaced = replacementText(value, entities);
      if (replaced !== undefined && replaced !== '') entities[name] = replaced;
    }
    return j + 1;
  }
  const other = ['<!ELEMENT', '<!ATTLIST', '<!NOTATION'].find((d) => text.startsWith(d, i));
  if (other === undefined) return undefined;
  // Its content up to `>`, with quoted literals (an attribute's default value) skipped.
  for (let j = i + other.length; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 62 /* > */) return j + 1;
    if (c === 60 /* < */ || c === 91 /* [ */ || c === 93 /* ] */ || c === 37 /* % */) return undefined;
    if (c === 34 || c === 39) {
      const end = quoted(text, j);
      if (end === -1) return 'more';
      j = (end as number) - 1;
    }
  }
  return 'more';
}

/** An entity's value as text: its references replaced; undefined when it grows too long. */
function replacementText(value: string, entities: DeclaredEntities): string | undefined {
  if (!value.includes('&')) return value.length <= MAX_ENTITY_CHARS ? value : undefined;
  let out = '';
  let from = 0;
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(value); m !== null; m = REFERENCE.exec(value)) {
    let replaced: string | undefined;
    if (m[3] !== undefined) replaced = XML_ENTITIES[m[3]] ?? declaredEntity(entities, m[3]);
    else {
      const code = parseInt((m[1] ?? m[2]) as string, m[1] !== undefined ? 10 : 16);
      if (code > 0 && code <= 0x10ffff) replaced = String.fromCodePoint(code);
    }
    if (replaced === undefined) continue;
    out += value.slice(from, m.index) + replaced;
    from = m.index + m[0].length;
    if (out.length > MAX_ENTITY_CHARS) return undefined;
  }
  out += value.slice(from);
  return out.length <= MAX_ENTITY_CHARS ? out : undefined;
}
