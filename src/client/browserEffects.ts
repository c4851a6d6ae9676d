import type { BrowserEffects } from '../sagas/context';
import { popupEntryOnTop } from '../ui/popupHistory';

let navigateInApp: (path: string) => void = (path) => window.location.assign(path);

/** NavigationSync hands react-router's navigate here once the router is up. */
export function setInAppNavigate(navigate: (path: string) => void): void {
  navigateInApp = navigate;
}

/** The window as sagas may touch it. */
export const browserEffects: BrowserEffects = {
  // Leaving from a popup (a click-out) replaces its history entry: Back from the partner returns to the page.
  assign: (url) => (popupEntryOnTop() ? window.location.replace(url) : window.location.assign(url)),
  navigate: (path) => navigateInApp(path),
  scrollY: () => window.scrollY,
  randomId: () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`),
  pushDataLayer: (event) => {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push(event);
  },
  now: () => Date.now(),
  setCookie: (name, value, maxAgeSeconds) => {
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
  },
};
