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
 * The phone as stored and forwarded: NFKC (full-width digits, parentheses, spaces become ASCII),
 * every dash an ASCII hyphen, white space one space, trimmed.
 */
export function normalizePhone(text: string): string {
  return text.normalize('NFKC').replace(DASHES, '-').replace(/\s+/g, ' ').trim();
}

/** Whether the text is a phone number (see above); letters other than an extension's marker are not. */
export function isPhoneNumber(text: string): boolean {
  if (text.length > PHONE_MAX_LENGTH) return false;
  const phone = normalizePhone(text);
  const number = phone.replace(EXTENSION, '');
  if (!NUMBER.test(number)) return false;
  const digits = number.replace(/[^0-9]/g, '').length;
  return digits >= MIN_DIGITS && digits <= MAX_DIGITS;
}
