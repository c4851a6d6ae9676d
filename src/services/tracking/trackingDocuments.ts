import { isIP } from 'node:net';
import { z } from 'zod';
import { countryByCode } from '../../../config/countries';
import { VERTICALS } from '../../../config/verticals';
import { optionalText } from '../clickout/clickSchema';
import { intLike } from '../jsonapi';

/**
 * The tracking documents of service-calls spec §7 "Tracking service": one
 * path per document type. Attributes are type-checked where the spec names
 * them (site, user, tracking, search, section, ads) and kept whole otherwise
 * (`looseObject`): the event store keeps what was sent, minus nothing.
 * See docs/decisions/022-tracking.md.
 */

/** Path (under `/tracking`) → the document type it stores. */
export const TRACKING_PATHS = {
  '/page/views': 'page_views',
  '/listing/impressions': 'ad_impressions',
  '/listing/clicks': 'ad-clicks',
  '/source/leads': 'leads',
  '/source/lead-impressions': 'lead-impressions',
  '/notification/browser/permissions': 'browser-permissions',
  '/notification/browser/statuses': 'browser-statuses',
  '/notification/browser/events': 'browser-events',
  '/notification/email/events': 'email-events',
  '/notification/email/open': 'email-opens',
  '/internal/click': 'internal-clicks',
  '/source/adsense': 'adsense-clicks',
} as const;

export type TrackingPath = keyof typeof TRACKING_PATHS;
export type DocumentType = (typeof TRACKING_PATHS)[TrackingPath];

/** Paths whose body may also be a flat object of fields (spec §7 lists them so), not a JSON:API document. */
export const FLAT_PATHS: ReadonlySet<TrackingPath> = new Set(['/notification/email/open', '/internal/click']);

/** `page-views`, `Page_Views` and `page_views` name the same type. */
export function typeKey(type: string): string {
  return type.trim().toLowerCase().replace(/_/g, '-');
}

const VERTICAL_IDS = new Set<number>([0, ...VERTICALS.map((v) => v.id)]);

const countryCode = z
  .string()
  .min(2)
  .max(5)
  .refine((c) => countryByCode(c.toLowerCase()) !== undefined, 'must be a known country code')
  .transform((c) => c.toLowerCase());
const verticalId = intLike(0, 8).refine((v) => VERTICAL_IDS.has(v), 'must be a vertical id (1, 2, 4, 8; 0 general)');
const ip = z
  .string()
  .trim()
  .max(64)
  .refine((v) => v === '' || isIP(v) !== 0, 'must be an IP address')
  .nullish();
const id = z.union([z.string().trim().min(1).max(100), z.number().int().transform(String)]);

const site = z.looseObject({ country_code: countryCode, vertical_id: verticalId.nullish() });
const user = z.looseObject({
  origin_id: intLike(0, 1000).nullish(),
  cookie_id: optionalText(100),
  agent: optionalText(2000),
  ip,
});
const search = z.looseObject({
  what: optionalText(200),
  type_id: intLike(0, 1_000_000).nullish(),
  order_by: optionalText(40),
  is_form: z.union([z.boolean(), intLike(0, 1)]).nullish(),
  total_results: intLike(0, 1_000_000_000).nullish(),
  page_number: intLike(0, 100_000).nullish(),
  filters: z.record(z.string(), z.unknown()).nullish(),
});
const section = z.looseObject({ id: intLike(0, 1_000_000).nullish(), type_id: intLike(0, 2).nullish() });
const adRef = z.looseObject({
  id,
  source_id: intLike(0, Number.MAX_SAFE_INTEGER).nullish(),
  position: intLike(0, 100_000).nullish(),
  section_id: intLike(0, 1_000_000).nullish(),
  date_time: optionalText(40),
});
const ads = z.array(adRef).min(1, 'must list at least one ad').max(100, 'must list at most 100 ads');

const common = {
  site: site.nullish(),
  user: user.nullish(),
  tracking: z.record(z.string(), z.unknown()).nullish(),
  search: search.nullish(),
  section: section.nullish(),
  dealer_type_id: intLike(0, 100).nullish(),
};

const withAds = z
  .looseObject({ ...common, ad: adRef.nullish(), ads: ads.nullish() })
  .refine((a) => Boolean(a.ad) || Boolean(a.ads), { message: 'must name the ad (ad or ads)', path: ['ads'] });
const withEvent = (event: z.ZodType<string>) => z.looseObject({ ...common, event });
const eventName = z.string().trim().min(1).max(40);

const PERMISSION_EVENT = /^(custom_)?(request|allow|disallow|auto_disallow|close)$/;

/** The attribute schema of each document type. */
export const ATTRIBUTES: Record<DocumentType, z.ZodType<Record<string, unknown>>> = {
  page_views: z.looseObject({ ...common, page_type: intLike(0, 1000).nullish() }),
  ad_impressions: z.looseObject({ ...common, ads }),
  'ad-clicks': withAds,
  leads: withAds,
  'lead-impressions': withAds,
  'browser-permissions': withEvent(
    z.string().regex(PERMISSION_EVENT, 'must be request, allow, disallow, auto_disallow or close (or custom_ ...)'),
  ),
  'browser-statuses': withEvent(eventName),
  'browser-events': z.looseObject({
    ...common,
    event: eventName,
    send_id: z.union([z.string().max(100), z.number()]).nullish(),
    service_worker_version: intLike(0, 10_000).nullish(),
  }),
  'email-events': withEvent(eventName),
  'email-opens': z.looseObject({
    ...common,
    alert_id: z.union([z.string().max(100), z.number()]).nullish(),
    alert_type: z.union([z.string().max(40), z.number()]).nullish(),
    vv: z.union([z.string().max(40), z.number()]).nullish(),
  }),
  'internal-clicks': z.looseObject({
    ...common,
    what: optionalText(200),
    where: optionalText(200),
    type: z.union([z.string().max(40), z.number()]).nullish(),
    vv: z.union([z.string().max(40), z.number()]).nullish(),
    origin: z.union([z.string().max(40), z.number()]).nullish(),
    internal_section: z.union([z.string().max(100), z.number()]).nullish(),
  }),
  'adsense-clicks': z.looseObject({ ...common }),
};

/** A flat body (`country_code`, `vertical_id`, `ip`, `user_agent` ...) as JSON:API attributes. */
export function attributesOfFlat(body: Record<string, unknown>): Record<string, unknown> {
  const { country_code, vertical_id, ip: flatIp, user_agent, ...rest } = body;
  const out: Record<string, unknown> = { ...rest };
  if (country_code !== undefined || vertical_id !== undefined) out.site = { country_code, vertical_id };
  if (flatIp !== undefined || user_agent !== undefined) {
    out.user = {
      ...(flatIp !== undefined ? { ip: flatIp } : {}),
      ...(user_agent !== undefined ? { agent: user_agent } : {}),
    };
  }
  return out;
}
