import { createHash } from 'node:crypto';
import { GENERAL_ACCENT, verticalByName } from '../../config/verticals';
import { indexingOf } from '../state/page';
import type { RootState } from '../state/store';
import { adTagHead } from '../ui/ads/adTagMarkup';
import { STYLES } from '../ui/styles';
import { serializeState } from './serializeState';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface DocumentParts {
  state: RootState;
  body: string;
  /** The request's CSP nonce; absent on a visitor-neutral page, whose inline code the CSP names by hash (decision 062). */
  nonce?: string;
  scripts: readonly string[];
  /** Neutral page: the cookies its load would have set (name, value, max-age in seconds), all from its URL; the browser sets them. */
  cookies?: ReadonlyArray<readonly [string, string, number]>;
}

export interface RenderedDocument {
  html: string;
  /** CSP sources (`'sha256-…'`) of the inline scripts and styles; empty under a nonce. */
  scriptHashes: string[];
  styleHashes: string[];
}

/** The CSP hash source of an inline script's or style's text, as browsers hash it (its UTF-8 bytes). */
export const cspHash = (text: string): string =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

const constantHashes = new Map<string, string>();
/** The hash of text that is the same on many pages (the stylesheet of one accent, the ad tag's watcher), made once per key. */
function constantHash(text: string, key: string): string {
  let hash = constantHashes.get(key);
  if (hash === undefined) {
    hash = cspHash(text);
    if (constantHashes.size < 64) constantHashes.set(key, hash);
  }
  return hash;
}

/** The state as the page carries it: the catalogue by its URL when it has one, not its words. */
function pageState(state: RootState): unknown {
  if (!state.intl.catalogue) return state;
  return { ...state, intl: { locale: state.intl.locale, catalogue: state.intl.catalogue } };
}

/**
 * The whole HTML page around the rendered app: head from the page state,
 * state and scripts under the request's nonce, or, without one, plain, with
 * the hashes of every inline script and style for the page's CSP.
 */
export function renderDocument({ state, body, nonce, scripts, cookies = [] }: DocumentParts): RenderedDocument {
  const { site } = state.app;
  const { head, status } = state.page;
  const accent = site.target === 'general' ? GENERAL_ACCENT : (verticalByName(site.target)?.accent ?? GENERAL_ACCENT);
  const { robots, canonical } = indexingOf(head, status);
  const scriptHashes: string[] = [];
  const styleHashes: string[] = [];
  const nonceAttr = nonce ? ` nonce="${nonce}"` : '';
  /** An inline script or style; `key` names text that is the same on every page with that key (its hash is kept). */
  const inline = (tag: 'script' | 'style', attrs: string, text: string, key?: string): string => {
    if (!nonce) (tag === 'script' ? scriptHashes : styleHashes).push(key ? constantHash(text, key) : cspHash(text));
    return `<${tag}${attrs}${nonceAttr}>${text}</${tag}>`;
  };
  // The ad tag's watcher is the same text on every page: its hash is made once.
  const adHead = adTagHead(state.adSlots?.network ?? null, (text) => inline('script', '', text, 'ad-tag'), nonceAttr);
  const lines = [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.locale)}" dir="${site.direction}" data-vertical="${site.target}" data-base="${site.basePath}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(head.title)}</title>`,
    head.description ? `<meta name="description" content="${escapeHtml(head.description)}">` : '',
    robots ? `<meta name="robots" content="${robots}">` : '',
    canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    canonical ? `<meta property="og:url" content="${escapeHtml(canonical)}">` : '',
    `<meta property="og:title" content="${escapeHtml(head.title)}">`,
    head.image ? `<meta property="og:image" content="${escapeHtml(head.image)}">` : '',
    `<meta name="theme-color" content="${accent}">`,
    head.jsonLd ? inline('script', ' type="application/ld+json"', serializeState(head.jsonLd)) : '',
    `<link rel="manifest" href="${site.basePath}/manifest.webmanifest">`,
    '<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">',
    '<link rel="apple-touch-icon" href="/icons/icon-192.png">',
    // The words before the code: the client fetches them before it hydrates (decision 060).
    state.intl.catalogue ? `<link rel="preload" as="fetch" crossorigin href="${state.intl.catalogue}">` : '',
    ...scripts.map((src) => `<link rel="preload" as="script" href="${src}"${nonceAttr}>`),
    inline('style', '', `:root{--accent:${accent};--accent-text:${accent}}${STYLES}`, `style:${accent}`),
    adHead,
    '</head>',
    '<body>',
    `<div id="root">${body}</div>`,
    // A neutral page says so (`__TRAWL_NEUTRAL__`): the browser makes the visitor's ids (src/client/firstVisit.ts).
    inline(
      'script',
      '',
      `${nonce ? '' : `window.__TRAWL_NEUTRAL__=${serializeState({ cookies })};`}window.__TRAWL_STATE__=${serializeState(pageState(state))}`,
    ),
    ...scripts.map((src) => `<script${nonceAttr} src="${src}" defer></script>`),
    '</body>',
    '</html>',
  ];
  return { html: lines.filter(Boolean).join(''), scriptHashes, styleHashes };
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
