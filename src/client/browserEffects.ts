import type { BrowserEffects } from '../sagas/context';

let navigateInApp: (path: string) => void = (path) => window.location.assign(path);

/** NavigationSync hands react-router's navigate here once the router is up. */
export function setInAppNavigate(navigate: (path: string) => void): void {
  navigateInApp = navigate;
}

/** The window as sagas may touch it. */
export const browserEffects: BrowserEffects = {
  assign: (url) => window.location.assign(url),
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
