import { COOKIES, DAY_SECONDS } from '../../shared/domain/cookies';

/**
 * The app's store pages (decision 050). The referrer carries the
 * app-download tracking section (product-spec §3: 3003, download banner).
 */
export const APP_STORE_LINKS = {
  android:
    'https://play.google.com/store/apps/details?id=com.trawl.app&referrer=utm_source%3Dpwa%26utm_medium%3Dbanner%26section%3D3003',
  ios: 'https://apps.apple.com/app/trawl/id6450000000?pt=trawl&ct=pwa-banner-3003',
} as const;

/** Keeps the banner dismissed for the cookie's life (30 days). */
export function rememberAppBannerDismissed(): void {
  const { name, maxAgeDays } = COOKIES.downloadAppBanner;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=1; Max-Age=${maxAgeDays * DAY_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
