import { createHash } from 'node:crypto';
import express from 'express';
import { placeSeparator } from '../../../config/countries';
import type { SearchStore } from '../search/SearchStore';
import { formatPrice, siteContext } from '../search/present';
import { escapeHtml } from '../search/text';
import { seededRandom } from '../../shared/seededRandom';
import { hashString } from './generateDemoData';

/**
 * What the demo partners and pictures need to exist offline: a small page per
 * partner ad (where a click-out lands) and generated SVG pictures and logos.
 */

const ACCENT: Record<string, string> = { homes: '#1565c0', cars: '#c62828', jobs: '#2e7d32', products: '#e65100' };

const SHAPES: Record<string, string> = {
  homes:
    '<path d="M200 70 L310 160 L290 160 L290 240 L110 240 L110 160 L90 160 Z" fill="#fff" opacity=".9"/><rect x="180" y="185" width="40" height="55" fill="COLOR"/>',
  cars: '<path d="M70 200 L100 150 L170 130 L250 130 L300 160 L335 170 L335 205 Z" fill="#fff" opacity=".9"/><circle cx="130" cy="210" r="22" fill="#333"/><circle cx="280" cy="210" r="22" fill="#333"/>',
  jobs: '<rect x="120" y="120" width="160" height="110" rx="10" fill="#fff" opacity=".9"/><rect x="170" y="95" width="60" height="30" rx="6" fill="none" stroke="#fff" stroke-width="10"/>',
  products:
    '<rect x="130" y="110" width="140" height="120" fill="#fff" opacity=".9"/><path d="M130 110 L200 80 L270 110" fill="none" stroke="#fff" stroke-width="8"/>',
};

/** A deterministic picture for a vertical and a seed: a tinted scene with the vertical's shape. */
export function pictureSvg(vertical: string, seed: string): string {
  const r = seededRandom(hashString(seed));
  const accent = ACCENT[vertical] ?? '#37474f';
  const hue = Math.floor(r() * 360);
  const shape = (SHAPES[vertical] ?? SHAPES.products ?? '').replace('COLOR', accent);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
<rect width="400" height="300" fill="url(#g)"/>${shape}
<circle cx="${40 + Math.floor(r() * 320)}" cy="${30 + Math.floor(r() * 40)}" r="${10 + Math.floor(r() * 20)}" fill="#fff" opacity=".35"/>
</svg>`;
}

export function logoSvg(name: string, vertical: string): string {
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w.charAt(0))
    .join('')
    .toUpperCase();
  const accent = ACCENT[vertical] ?? '#37474f';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" rx="24" fill="${accent}"/><text x="60" y="74" font-family="sans-serif" font-size="44" font-weight="bold" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
}

export function createMediaRouter(store: SearchStore): express.Router {
  const router = express.Router();
  router.get('/picture/:vertical/:file', (req, res) => {
    const m = /^([a-z0-9]{1,16})\.svg$/.exec(req.params.file);
    if (!m || !ACCENT[req.params.vertical]) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res
      .type('image/svg+xml')
      .set('Cache-Control', 'public, max-age=31536000, immutable')
      .send(pictureSvg(req.params.vertical, m[1] ?? ''));
  });
  router.get('/logo/:file', async (req, res) => {
    const m = /^(\d{1,9})\.svg$/.exec(req.params.file);
    const source = m ? await store.source(Number(m[1])) : undefined;
    if (!source) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=86400').send(logoSvg(source.name, source.vertical));
  });
  return router;
}

export function createPartnerRouter(store: SearchStore, now: () => Date): express.Router {
  const router = express.Router();
  router.get('/:sourceId/ads/:partnerAdId', async (req, res) => {
    const sourceId = /^\d{1,9}$/.test(req.params.sourceId) ? Number(req.params.sourceId) : NaN;
    const ad = Number.isFinite(sourceId) ? await store.getAdByPartner(sourceId, req.params.partnerAdId) : undefined;
    if (!ad) {
      res
        .status(404)
        .set('Content-Security-Policy', PAGE_CSP)
        .type('html')
        .send(page('Ad not found', '<p>This ad is no longer online.</p>'));
      return;
    }
    const ctx = siteContext(ad, Math.floor(now().getTime() / 1000));
    const source = ad.source;
    const price = ad.price
      ? `<p class="price">${escapeHtml(formatPrice(ad.price.value, ad.currency, ctx.locale))}</p>`
      : '';
    const pictures = ad.images.map((src) => `<img src="${escapeHtml(src)}" alt="" width="200" height="150">`).join('');
    const body = `<header><img src="${escapeHtml(source?.image ?? '')}" alt="" width="48" height="48"><strong>${escapeHtml(source?.name ?? 'Partner')}</strong></header>
<h1>${escapeHtml(ad.title)}</h1>${price}
${ad.expired ? '<p class="expired">This ad has expired.</p>' : ''}
<div class="pictures">${pictures}</div>
<p>${escapeHtml(ad.description)}</p>
<p>${escapeHtml([ad.location.cityArea, ad.location.city, ad.location.region].filter(Boolean).join(placeSeparator(ctx.locale)))}</p>
<p>Contact: <a href="mailto:${escapeHtml(source?.contactEmail ?? '')}">${escapeHtml(source?.contactEmail ?? '')}</a> · ${escapeHtml(source?.contactPhone ?? '')}</p>
<footer>A demo partner page served by Trawl.</footer>`;
    res
      .set('Content-Security-Policy', PAGE_CSP)
      .type('html')
      .send(page(ad.title, body, ctx.locale));
  });
  return router;
}

const PAGE_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:760px;margin:0 auto;padding:16px;color:#222}header{display:flex;gap:12px;align-items:center}.price{font-size:1.5em;font-weight:bold}.pictures img{margin:4px;border-radius:6px}.expired{color:#c62828}footer{margin-top:32px;color:#777;font-size:.9em}';

/**
 * A partner's page is not Trawl's: it gets a policy of its own (the app's names a per-request
 * nonce its style would lack): its one style by hash, images from here, nothing else.
 */
const PAGE_CSP = `default-src 'none'; img-src 'self' data:; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

function page(title: string, body: string, lang = 'en'): string {
  // No favicon: `data:,` keeps the browser from asking for one this demo does not have.
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style></head><body>${body}</body></html>`;
}
