import { fold, tokenize } from '../search/text';

/**
 * `tokenize` (src/services/search/text.ts: NFKD, marks removed, lower case, a few special
 * letters, then runs of letters and digits) one character at a time, without its whole-text
 * normalisation and regular expressions: the import folds every title and description.
 *
 * Folding is a map of single characters for text in the Basic Multilingual Plane: NFKD
 * decomposes each character on its own (its canonical reordering only moves combining marks,
 * which are all removed but a kana's voicing mark, kept on its kana), and lower-casing depends on
 * context only for the Greek capital sigma (final ς). So each character's fold is `fold` of that
 * character alone, computed once; text with a capital sigma (or a character decomposing to one), a
 * voicing mark on its own, a surrogate pair or a character folding to one goes to `tokenize`
 * itself. test/unit/feeds/foldedWords.test.ts compares both on every BMP character and on random
 * text.
 */

/** `fold` of each UTF-16 code unit, computed on first use; null where it depends on context. */
const FOLDS: (string | null | undefined)[] = [];
/** Per code unit: 1 not a letter or digit, 2 a letter or digit (0: not known yet). */
const WORD_CHAR = new Uint8Array(0x10000);

/**
 * The fold of a code unit, or null when it is not a character's own: a surrogate (half a
 * character), a character whose decomposition has a capital sigma (Σ, Ϲ: lower-cased by its
 * place in the word), or one that folds outside the plane.
 */
function foldOf(c: number): string | null {
  let f = FOLDS[c];
  if (f === undefined) {
    const ch = String.fromCharCode(c);
    f = (c >= 0xd800 && c <= 0xdfff) || contextual(ch.normalize('NFKD')) ? null : fold(ch);
    // A fold outside the plane (a compatibility ideograph's) is read as whole characters by tokenize.
    if (f !== null && /[\ud800-\udfff]/.test(f)) f = null;
    FOLDS[c] = f;
  }
  return f;
}

/**
 * Whether a decomposed character folds by its neighbours: a capital sigma (lower-cased by its place
 * in the word), or a kana voicing mark on its own (it joins the kana before it: "ｶ" + "ﾞ" is "ガ").
 */
function contextual(decomposed: string): boolean {
  const first = decomposed.charCodeAt(0);
  return decomposed.includes('\u03a3') || first === 0x3099 || first === 0x309a;
}

function isWordChar(c: number): boolean {
  let known = WORD_CHAR[c] as number;
  if (known === 0) {
    known = /^[\p{L}\p{N}]$/u.test(String.fromCharCode(c)) ? 2 : 1;
    WORD_CHAR[c] = known;
  }
  return known === 2;
}

/**
 * `tokenize(text)`: the folded words of a text. One loop without closures (under tsx, whose
 * esbuild keeps names, each closure made per call was also an `Object.defineProperty`): a word
 * is a slice of the text while its folded characters are its own, else built from `codes`.
 */
export function foldedWords(text: string): string[] {
  const words: string[] = [];
  /** The word's folded code units so far; `start`: where it began in `text`, while it is a slice of it. */
  let length = 0;
  let start = -1;
  let sliced = true;
  for (let i = 0; i <= text.length; i++) {
    // One past the end: the last word ends.
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (c < 128) {
      let code = -1;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) code = c;
      else if (c >= 65 && c <= 90) {
        code = c + 32;
        sliced = false;
      }
      if (code >= 0) {
        if (length === codes.length) codes = grow(codes);
        if (length === 0) start = i;
        else if (i !== start + length) sliced = false;
        codes[length++] = code;
      } else if (length > 0) {
        words.push(sliced ? text.slice(start, start + length) : wordOf(length));
        length = 0;
        sliced = true;
      }
      continue;
    }
    const f = foldOf(c);
    if (f === null) return tokenize(text);
    const same = f.length === 1 && f.charCodeAt(0) === c;
    for (let j = 0; j < f.length; j++) {
      const o = f.charCodeAt(j);
      if (isWordChar(o)) {
        if (length === codes.length) codes = grow(codes);
        if (length === 0) start = i;
        if (!same || i !== start + length) sliced = false;
        codes[length++] = o;
      } else if (length > 0) {
        words.push(sliced ? text.slice(start, start + length) : wordOf(length));
        length = 0;
        sliced = true;
      }
    }
  }
  return words;
}

function grow(a: Uint16Array<ArrayBuffer>): Uint16Array<ArrayBuffer> {
  const grown = new Uint16Array(a.length * 2);
  grown.set(a);
  return grown;
}

/** The word in `codes[0, length)`. */
function wordOf(length: number): string {
  if (length <= 16) {
    let w = '';
    for (let k = 0; k < length; k++) w += String.fromCharCode(codes[k] as number);
    return w;
  }
  return String.fromCharCode.apply(null, codes.subarray(0, length) as unknown as number[]);
}

/** The code units of the word `foldedWords` is building (reused). */
let codes = new Uint16Array(64);

/** The 32-bit hash of a word (FNV-1a over its UTF-16 code units, then a finaliser). */
export function hash32(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return finish(h);
}

function finish(h: number): number {
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 15;
  return h >>> 0;
}

/**
 * `hash32` of each folded word of 3+ characters or of digits only (`/^\d+$/`), in text order
 * (with repeats): the words of a duplicate sketch, hashed as they are folded, no word built.
 */
export function sketchWordHashes(text: string): number[] {
  const n = hashWords(text);
  return Array.from(scratch.subarray(0, n));
}

/** Where `hashWords` puts the hashes (grown as needed, reused). */
let scratch = new Uint32Array(256);

/** Puts the sketch word hashes of a text in `scratch` (from 0); returns how many (one loop, no closures). */
function hashWords(text: string): number {
  let n = 0;
  let h = 2166136261;
  let length = 0;
  let digits = true;
  for (let i = 0; i <= text.length; i++) {
    // One past the end: the last word ends.
    let c = i < text.length ? text.charCodeAt(i) : 32;
    if (c < 128) {
      if (c >= 65 && c <= 90) c += 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        h = Math.imul(h ^ c, 16777619);
        length++;
        if (c > 57) digits = false;
        continue;
      }
      if (length > 0) {
        if (length >= 3 || digits) {
          if (n === scratch.length) scratch = growHashes(scratch);
          scratch[n++] = finish(h);
        }
        h = 2166136261;
        length = 0;
        digits = true;
      }
      continue;
    }
    const f = foldOf(c);
    if (f === null) {
      n = 0;
      for (const w of tokenize(text))
        if (w.length >= 3 || /^\d+$/.test(w)) {
          if (n === scratch.length) scratch = growHashes(scratch);
          scratch[n++] = hash32(w);
        }
      return n;
    }
    for (let j = 0; j < f.length; j++) {
      const o = f.charCodeAt(j);
      if (isWordChar(o)) {
        h = Math.imul(h ^ o, 16777619);
        length++;
        if (o < 48 || o > 57) digits = false;
      } else if (length > 0) {
        if (length >= 3 || digits) {
          if (n === scratch.length) scratch = growHashes(scratch);
          scratch[n++] = finish(h);
        }
        h = 2166136261;
        length = 0;
        digits = true;
      }
    }
  }
  return n;
}

function growHashes(a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const grown = new Uint32Array(a.length * 2);
  grown.set(a);
  return grown;
}

/**
 * The bottom-k sketch of a text's words (decision 041): the `size` smallest distinct
 * `sketchWordHashes`, ascending.
 */
export function bottomK(text: string, size: number): Uint32Array {
  const n = hashWords(text);
  const sorted = scratch.subarray(0, n).sort();
  const out = new Uint32Array(Math.min(size, n));
  let k = 0;
  for (let i = 0; i < n && k < size; i++) {
    const h = sorted[i] as number;
    if (k === 0 || out[k - 1] !== h) out[k++] = h;
  }
  return k === out.length ? out : out.slice(0, k);
}
