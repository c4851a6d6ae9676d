/** An e-mail address as forms check it before sending: one @, a dot in the domain, no spaces, 254 characters at most. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmailAddress(text: string): boolean {
  return text.length <= 254 && EMAIL.test(text);
}
