import { LEGACY_BANNER_COOKIES } from '../shared/domain/cookies';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Registers /sw.js; a failure goes to the analytics data layer (product-spec §2). */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ event: 'serviceWorkerRegistrationFailed', error: String(error) });
  }
}

/** Removes the cookies of the previous cookie banner, on every load. */
export function removeLegacyCookies(): void {
  for (const name of LEGACY_BANNER_COOKIES) {
    document.cookie = `${name}=; Max-Age=0; path=/`;
  }
}
