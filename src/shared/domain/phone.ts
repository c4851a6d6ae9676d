/**
 * A phone number as the apply / contact form takes it, in the browser and in the sources service
 * alike (one rule, so the form never sends what the service refuses): written as people write
 * them, "+49 171 1234567", "0171/1234567", "(555) 123-4567 ext. 12", "０９０－１２３４－５６７８"
 * (full-width, a Japanese keyboard's), with an extension marked "ext.", "x", "#" or "内線".
 */

/** The longest phone the form and the service take (characters, as typed). */
export const PHONE_MAX_LENGTH = 40;

/** Digits a phone number has at least (a local number without area code) and at most (E.164's 15, a trunk 0 and a spare). */
const MIN_DIGITS = 6;
const MAX_DIGITS = 17;

/** Dashes NFKC leaves alone: hyphens, dashes, the minus sign, the katakana long vowel mark typed for a dash. */
const DASHES = /[\u2010-\u2015\u2212\u30fc\uff70]/g;

/** The number: an optional leading +, digits and separators (space ( ) . - /). */
const NUMBER = /^\+?[0-9 ().\-/]+$/;

/** An extension at the end: "ext. 12", "extension 12", "x12", "#12", "内線12". */
const EXTENSION = /\s*(?:ext(?:ension|n)?\.?|x|#|内線)\s*:?\s*([0-9]{1,6})$/i;

/**
 * The zero of each run of digits NFKC leaves in its script, as keyboards of the sites' languages type
 * them: Arabic-Indic (٠١٢, the Arabic sites'), Extended Arabic-Indic (۰۱۲), Devanagari, Bengali, Thai.
 */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];
const SCRIPT_DIGIT = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59]/g;

function asciiDigit(digit: string): string {
  const code = digit.charCodeAt(0);
  const zero = DIGIT_ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
  return String(code - zero);
}

/**
 * The phone as stored and forwarded: NFKC (full-width digits, parentheses, spaces become ASCII),
 * digits of other scripts in ASCII, every dash an ASCII hyphen, white space one space, trimmed.
 */
export function normalizePhone(text: string): string {
  return text.normalize('NFKC').replace(SCRIPT_DIGIT, asciiDigit).replace(DASHES, '-').replace(/\s+/g, ' ').trim();
}

/** A group in parentheses: an area code or a trunk prefix, "(555)", "(0)". */
const GROUP = /\(\s*\d[\d .-]*\)/g;

/**
 * Whether the text is a phone number (see above): letters other than an extension's marker are not,
 * nor runs of separators ("......123456", "1/2/3/4/5/6", "+ 1 2 3"), nor parentheses around no single
 * group of digits.
 */
export function isPhoneNumber(text: string): boolean {
  if (text.length > PHONE_MAX_LENGTH) return false;
  const phone = normalizePhone(text);
  const number = phone.replace(EXTENSION, '');
  if (!NUMBER.test(number)) return false;
  // It starts with a digit, a "+" followed by one, or a group; no two separators meet; one "/" at most.
  if (!/^(?:\d|\+\d|\()/.test(number)) return false;
  const bare = number.replace(/ /g, '');
  if (/[.\-/]{2,}/.test(bare) || (bare.match(/\//g) ?? []).length > 1) return false;
  if (/[()]/.test(number.replace(GROUP, '0'))) return false;
  const digits = number.replace(/[^0-9]/g, '').length;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}
