/**
 * Text helpers shared by the search index, the gazetteer and the demo data:
 * accent- and case-folding that agrees with FTS5's `unicode61
 * remove_diacritics 2` tokenizer, tokenizing, slugs.
 */

const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

/**
 * Lower-case, accents removed: "Málaga" → "malaga", "Köln" → "koln". A kana's voicing mark is not an
 * accent but part of the letter, and stays: "バス" (bus) is not "パス" (pass) nor "ハス" (lotus);
 * half-width "ｶﾞｿﾘﾝ" is "ガソリン". A voicing mark after anything but a kana is dropped as marks are.
 */
export function fold(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[^\P{M}\u3099\u309a]+/gu, '')
    .toLowerCase()
    .replace(/[ßøæœłđðþı]/g, (c) => SPECIAL_FOLDS[c] ?? c);
  return folded.includes('\u3099') || folded.includes('\u309a')
    ? folded.replace(/[\u3041-\u30ff][\u3099\u309a]/g, (k) => k.normalize('NFC')).replace(/[\u3099\u309a]/g, '')
    : folded;
}

/** A kana with a voicing mark, or a voicing mark: what `fold` read as its plain kana before layout 7. */
let voicedKana: RegExp | undefined;

/**
 * Whether the text has a character that decomposes to a voiced kana ("ガ", "ﾊﾟ", the squared "㌫"),
 * which `fold` keeps voiced since layout 7. The characters are found once, among all of Unicode's.
 */
export function hasVoicedKana(text: string): boolean {
  if (!voicedKana) {
    let chars = '';
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const d = String.fromCodePoint(c).normalize('NFKD');
      if (d.includes('\u3099') || d.includes('\u309a')) chars += `\\u{${c.toString(16)}}`;
    }
    voicedKana = new RegExp(`[${chars}]`, 'u');
  }
  return voicedKana.test(text);
}

/** Folded words of a text, as the index sees them (letters and digits only). */
export function tokenize(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Scripts written without spaces between words. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
let wordBreaks: Intl.Segmenter | undefined;

/** Whether the text has a letter of a script written without spaces between words. */
export function isUnspaced(text: string): boolean {
  return UNSPACED.test(text);
}

/**
 * Text with a space around each of its words where its script writes none (Japanese, Chinese,
 * Thai: "大阪のマンション" → " 大阪  の  マンション "), by the words ICU's dictionaries find; other text
 * as it is. Applied to an ad's text as indexed and to a query's words alike (decision 075), so that
 * a word inside a longer run is a word of the index: spaces only ever add word breaks, so the
 * words of any other script stay as `tokenize` finds them.
 */
export function spaceWords(text: string): string {
  if (!isUnspaced(text)) return text;
  wordBreaks ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  let out = '';
  for (const s of wordBreaks.segment(text)) out += s.isWordLike ? ` ${s.segment} ` : s.segment;
  return out;
}

/** A URL- and token-safe slug: "Mercedes-Benz" → "mercedesbenz". */
export function slug(text: string): string {
  return tokenize(text).join('');
}

/** Folded words joined by single spaces: the normal form of a phrase. */
export function normalizePhrase(text: string): string {
  return tokenize(text).join(' ');
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), so
 * "lodnon" is one edit from "london"; returns max+1 once it is exceeded.
 */
export function editDistance(a: string, b: string, max = 3): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] ?? 0) + 1, (cur[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, (prev2[j - 2] ?? 0) + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] ?? max + 1;
}

/** Capitalises the first letter: "flat" → "Flat". */
export function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
