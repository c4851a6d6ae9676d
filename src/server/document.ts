import { GENERAL_ACCENT, verticalByName } from '../../config/verticals';
import type { RootState } from '../state/store';
import { adTagHead } from '../ui/ads/adTagMarkup';
import { STYLES } from '../ui/styles';
import { serializeState } from './serializeState';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface DocumentParts {
  state: RootState;
  body: string;
  nonce: string;
  scripts: readonly string[];
}

/** The state as the page carries it: the catalogue by its URL when it has one, not its words. */
function pageState(state: RootState): unknown {
  if (!state.intl.catalogue) return state;
  return { ...state, intl: { locale: state.intl.locale, catalogue: state.intl.catalogue } };
}

/** The whole HTML page around the rendered app: head from the page state, state and scripts under a nonce. */
export function renderDocument({ state, body, nonce, scripts }: DocumentParts): string {
  const { site } = state.app;
  const { head, status } = state.page;
  const accent = site.target === 'general' ? GENERAL_ACCENT : (verticalByName(site.target)?.accent ?? GENERAL_ACCENT);
  const noindex = head.noindex || status >= 400;
  const lines = [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.locale)}" dir="${site.direction}" data-vertical="${site.target}" data-base="${site.basePath}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    noindex ? '<meta name="robots" content="noindex, nofollow, noarchive">' : '',
    !noindex && head.canonical ? `<link rel="canonical" href="${escapeHtml(head.canonical)}">` : '',
    !noindex && head.canonical ? `<meta property="og:url" content="${escapeHtml(head.canonical)}">` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    `<meta name="theme-color" content="${accent}">`,
    head.jsonLd ? `<script type="application/ld+json" nonce="${nonce}">${serializeState(head.jsonLd)}</script>` : '',
    `<link rel="manifest" href="${site.basePath}/manifest.webmanifest">`,
    '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    // The words before the code: the client fetches them before it hydrates (decision 060).
    state.intl.catalogue ? `<link rel="preload" as="fetch" crossorigin href="${state.intl.catalogue}">` : '',
    ...scripts.map((src) => `<link rel="preload" as="script" href="${src}" nonce="${nonce}">`),
    `<style nonce="${nonce}">:root{--accent:${accent};--accent-text:${accent}}${STYLES}</style>`,
    adTagHead(state.adSlots?.network ?? null, nonce),
    '</head>',
    '<body>',
    `<div id="root">${body}</div>`,
    `<script nonce="${nonce}">window.__TRAWL_STATE__=${serializeState(pageState(state))}</script>`,
    ...scripts.map((src) => `<script nonce="${nonce}" src="${src}" defer></script>`),
    '</body>',
    '</html>',
  ];
  return lines.filter(Boolean).join('');
}

export function renderUnknownSitePage(host: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex, nofollow, noarchive">',
    '<title>No Trawl site here</title></head><body>',
    `<main><h1>No Trawl site here</h1><p>No site is configured for the address ${escapeHtml(host)}.</p>`,
    '<p>Each site is one country and vertical, such as homes.trawl.es, or jobs.es.localhost when run locally.</p></main>',
    '</body></html>',
  ].join('');
}
