/**
 * The browser cookies of product-spec §3, by purpose. Lifetimes from
 * service-calls spec §9 where it gives them; see docs/decisions/002-cookies.md.
 */
export const COOKIES = {
  installationId: { name: 'trawl_iid', maxAgeDays: 730 },
  oldInstallationId: { name: 'trawl_iid_old', maxAgeDays: 730 },
  origin: { name: 'trawl_origin', maxAgeDays: 1 },
  downloadAppBanner: { name: 'trawl_app_banner', maxAgeDays: 30 },
  permissionsBanner: { name: 'trawl_push_banner', maxAgeDays: 365 },
  abTest: { name: 'trawl_ab', maxAgeDays: 30 },
  pushDisallowed: { name: 'trawl_push_disallowed', maxAgeDays: 7 },
  sendingId: { name: 'trawl_sending_id', maxAgeDays: 1 },
  lastSearch: { name: 'trawl_last_search', maxAgeMinutes: 30 },
  personalizedAds: { name: 'trawl_personalized_ads', maxAgeDays: 365 },
  gdprBanner: { name: 'trawl_gdpr', maxAgeDays: 365 },
  notificationManager: { name: 'trawl_nm', maxAgeDays: 365 },
} as const;

/** Cookies of the previous cookie banner, removed on every load (product-spec §2). */
export const LEGACY_BANNER_COOKIES = ['cookie_banner', 'cookies_accepted'] as const;

export const DAY_SECONDS = 86_400;

/**
 * A `Cookie` header or `document.cookie` as names and values (values
 * URI-decoded where they decode); of two cookies with one name, the first,
 * which browsers list first as the more specific.
 */
export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      out[name] = part.slice(eq + 1).trim();
    }
  }
  return out;
}
