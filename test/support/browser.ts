import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags this machine's closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      // *.localhost names are loopback; say so, so no resolver is asked.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
}

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  isMobile: true,
  hasTouch: true,
};

export const DESKTOP = {
  viewport: { width: 1280, height: 900 },
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
};

/** Every console error or warning and uncaught error of a page, to assert there were none. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/**
 * Waits until the page finished loading the location now in the address bar:
 * `main[data-loaded]` names the location whose load saga ended, so a check
 * made between a URL change and its load cannot pass early.
 */
export async function waitForLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    const base = document.querySelector('html')?.dataset.base ?? '';
    return main?.dataset.loaded === `${location.pathname.slice(base.length)}${location.search}`;
  });
}
