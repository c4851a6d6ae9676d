import Database from 'better-sqlite3';
import { spaceWords, tokenize } from './text';

/** The text index's tokenizer (`ads_fts`). */
export const INDEX_TOKENIZER = 'unicode61 remove_diacritics 2';

/**
 * Text as the text index takes it (decision 075): FTS5's tokenizer (unicode61, remove_diacritics 2)
 * folds only Latin letters with diacritics, and differently from `tokenize`, which folds a query's
 * words. It kept "straße", "łódź", "satılık", "новый", "ガソリン" and split "บ้าน" at its tone mark,
 * while a query for any of them asked for "strasse", "lodz", "satilik", "новыи", "カソリン", "บาน", and
 * found nothing. So each run of text (between white space) holding a character the two fold
 * differently goes to the index as `tokenize` gives its words; the rest goes as it is, since FTS5
 * gives its words the same: most text of most sites, for no more than one pass over it. Text of
 * scripts written without spaces gets them between its words first (`spaceWords`).
 */
export function indexText(text: string, words: (text: string) => string[] = tokenize): string {
  latinText ??= latinTextPattern();
  if (latinText.test(text)) return text;
  text = spaceWords(text);
  let out = '';
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80 || foldsAlike(c)) continue;
    let start = i;
    while (start > copied && !isSpace(text.charCodeAt(start - 1))) start--;
    let end = i + 1;
    while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
    out += `${text.slice(copied, start)}${words(text.slice(start, end)).join(' ')}`;
    copied = end;
    i = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** Text of ASCII and the Latin-1 characters read alike: checked in one native pass (most text). */
let latinText: RegExp | undefined;

function latinTextPattern(): RegExp {
  let alike = '';
  for (let c = 0x80; c < 0x100; c++) if (foldsAlike(c)) alike += `\\u00${c.toString(16)}`;
  return new RegExp(`^[\\u0000-\\u007f${alike}]*$`);
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 9 || c === 13 || c === 0xa0;
}

/** Per UTF-16 code unit: 0 not known yet, 1 FTS5 and `tokenize` fold it alike, 2 they do not. */
const ALIKE = new Uint8Array(0x10000);

/** FTS5 as the index uses it, on a little table of its own, to ask how it reads a character. */
let probe: { insert: Database.Statement; terms: Database.Statement; clear: Database.Statement } | undefined;

/**
 * Whether FTS5 and `tokenize` read the code unit alike, between two letters ("x?x"): asked of
 * FTS5 once per character and thread (a surrogate, half a character, never is).
 */
function foldsAlike(c: number): boolean {
  let known = ALIKE[c] as number;
  if (known === 0) {
    if (c >= 0xd800 && c <= 0xdfff) known = 2;
    else {
      probe ??= openProbe();
      const text = `x${String.fromCharCode(c)}x`;
      probe.insert.run(text);
      const fts = (probe.terms.all() as { term: string }[]).map((r) => r.term).join(' ');
      probe.clear.run();
      known = fts === tokenize(text).join(' ') ? 1 : 2;
    }
    ALIKE[c] = known;
  }
  return known === 1;
}

function openProbe() {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE probe USING fts5(x, tokenize="${INDEX_TOKENIZER}");
    CREATE VIRTUAL TABLE probe_words USING fts5vocab(probe, 'instance');`);
  return {
    insert: db.prepare('INSERT INTO probe (rowid, x) VALUES (1, ?)'),
    terms: db.prepare('SELECT term FROM probe_words ORDER BY offset'),
    clear: db.prepare('DELETE FROM probe'),
  };
}
