import { z } from 'zod';
import { isPhoneNumber, normalizePhone, PHONE_MAX_LENGTH } from '../../shared/domain/phone';
import { intLike, requiredString } from '../jsonapi';

/** Control characters other than tab, line feed and carriage return. */
function hasControlCharacters(v: string): boolean {
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

const text = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    // Control characters (but tab and line breaks) have no place in a form field or an e-mail header.
    .refine((v) => !hasControlCharacters(v), `${label} contains control characters`);

const email = (label: string) =>
  z
    .string(`${label} is required`)
    .trim()
    .max(254, `${label} must be at most 254 characters`)
    .pipe(z.email(`${label} must be an e-mail address`));

const url = (label: string) =>
  z
    .string()
    .trim()
    .max(2000, `${label} must be at most 2000 characters`)
    .refine((v) => v === '' || v.startsWith('/') || /^https?:\/\//i.test(v), `${label} must be a web address`);

/** Free text that may be empty (the message, descriptive fields). */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), `${label} contains control characters`)
    .nullish();

/** An e-mail address that may be absent, null or empty (descriptive: the source's address is ours). */
const optionalEmail = (label: string) =>
  z.union([z.literal(''), email(label)], `${label} must be an e-mail address`).nullish();

/** One line: no line breaks (names, phones end up in e-mail headers and subjects). */
const line = (label: string, max: number) =>
  text(label, max).refine((v) => !/[\r\n]/.test(v), `${label} must be one line`);

/**
 * The body of POST /sources/lead/{adId} (service-calls spec §7 "Sources
 * service"): the ad (title, url), the source's ad (id, url, e-mail, source
 * id), country, vertical and the visitor's data. The ad, the source and the
 * address the lead goes to are read from our store; what the body says of
 * them is checked for consistency and kept with the lead, never trusted.
 */
export const leadBody = z.object({
  // Also accepted and kept, unused: other attributes (an `adId` beside the path's, a client's own fields).
  data: z.object({
    type: z.literal('leads', "must be 'leads'"),
    attributes: z.looseObject({
      ad: z.object({ title: optionalText('ad.title', 300), url: url('ad.url').nullish() }).nullish(),
      sourceAd: z
        .object({
          id: z.union([z.string().trim().max(100), z.number().transform(String)]).nullish(),
          url: url('sourceAd.url').nullish(),
          email: optionalEmail('sourceAd.email'),
          sourceId: intLike(0, Number.MAX_SAFE_INTEGER).nullish(),
        })
        .nullish(),
      country: requiredString('country is required').trim().min(2).max(5),
      vertical: z.union([z.string().trim().min(1).max(20), z.number().int()], {
        error: (issue) =>
          issue.input === undefined ? 'vertical is required' : 'vertical must be a vertical name or id',
      }),
      user: z.object(
        {
          name: line('name', 100),
          email: email('email'),
          // The form's own rule (src/shared/domain/phone.ts): what the browser lets through is taken here.
          phone: z
            .string()
            .trim()
            .max(PHONE_MAX_LENGTH, `phone must be at most ${PHONE_MAX_LENGTH} characters`)
            .refine(
              (v) => v === '' || isPhoneNumber(v),
              'phone must be a phone number (6 to 17 digits, + ( ) . - / and spaces, an extension such as "ext. 12")',
            )
            // Kept and forwarded as ASCII ("090-1234-5678", not its full-width form).
            .transform(normalizePhone)
            .optional()
            .nullable(),
          message: optionalText('message', 5000),
        },
        'user is required',
      ),
    }),
  }),
});

export type LeadBody = z.infer<typeof leadBody>;
