import { encodeSeoSegment } from '../shared/routing/seoUrl';
import type { MailMessage } from '../services/mail/Mailer';
import { escapeHtml, fill, messagesFor, searchLabel } from '../services/notifications/messages';
import {
  ORIGIN_PUSH_ALERT,
  resultsFilterParams,
  type AlertQuery,
  type AlertSite,
} from '../services/notifications/searchRules';
import type { DigestAd } from './findNewAds';

/** At most this many ads in one digest; the mail links to all results. */
export const MAX_DIGEST_ADS = 10;

const priceFormats = new Map<string, Intl.NumberFormat>();

/** An ad's price as the site shows it: the service's text ("£250 per week"), else its figure formatted. */
function priceText(ad: DigestAd, site: { currency: string; locale: string }): string {
  if (ad.priceText) return ad.priceText;
  return ad.price === null ? '' : formatPrice(ad.price, ad.currency ?? site.currency, site.locale);
}

export function formatPrice(value: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let f = priceFormats.get(key);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    } catch {
      f = new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
    }
    priceFormats.set(key, f);
  }
  return f.format(value);
}

/** The site-relative results path of a saved search (docs/decisions/004-route-paths.md), with its filters in the query. */
export function resultsUrl(
  publicBase: string,
  site: AlertSite,
  query: AlertQuery,
  extra: Record<string, string>,
): string {
  const segments = ['/search'];
  if (query.what) segments.push(`/${encodeURIComponent(encodeSeoSegment(query.what))}`);
  if (query.where && site.vertical !== 'jobs')
    segments.push(`/in/${encodeURIComponent(encodeSeoSegment(query.where))}`);
  // The results page's own parameters: its filters as its URL names them (not the search call's).
  const params = new URLSearchParams();
  if (query.dealTypeId) params.set('type_id', String(query.dealTypeId));
  for (const [k, v] of resultsFilterParams(query.filters)) params.set(k, v);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const qs = params.toString();
  return `${publicBase.replace(/\/+$/, '')}${segments.join('')}${qs ? `?${qs}` : ''}`;
}

export function originOf(url: string): string {
  return new URL(url).origin;
}

/** Absolute URL of a picture (the demo data serves them from `/media` on our own origin). */
function absolute(url: string, origin: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? `${origin}${url}` : `${origin}/${url}`;
}

export interface DigestInput {
  digestId: string;
  alertId: string;
  email: string;
  site: AlertSite;
  query: AlertQuery;
  frequency: 'daily' | 'weekly';
  ads: DigestAd[];
  /** Site base URL for pages (`https://homes.trawl.co.uk`, `http://www.trawl.co.cr/homes`). */
  publicBase: string;
  actToken: string;
  /** Traffic origin the links carry (20 daily, 21 weekly digest). */
  originId: number;
}

/**
 * The digest e-mail of one alert: HTML and plain text in the site's language,
 * at most MAX_DIGEST_ADS ads (picture, title, price in the site's locale and
 * currency, place), a link to all results, manage and unsubscribe links
 * carrying the act token, RFC 8058 one-click List-Unsubscribe headers and an
 * open-tracking pixel on /api/tracking/notification/email/open.
 */
export function renderDigest(d: DigestInput): MailMessage {
  const { site, query } = d;
  const m = messagesFor(site.locale);
  const label = searchLabel(site.locale, query.what, query.where);
  const origin = originOf(d.publicBase);
  const base = d.publicBase.replace(/\/+$/, '');
  // An alert landing (spec §4): no download-app banner, no push permission banner.
  const track = {
    from: 'alert',
    alertLanding: '1',
    alert_id: d.alertId,
    alert_type: 'email',
    send_id: d.digestId,
    origin: String(d.originId),
  };
  const allUrl = resultsUrl(d.publicBase, site, query, track);
  const act = encodeURIComponent(d.actToken);
  const manageUrl = `${base}/notifications?act=${act}`;
  const unsubscribeUrl = `${origin}/api/notifications/email/unsubscribe?act=${act}`;
  const pixel = new URL(`${origin}/api/tracking/notification/email/open`);
  pixel.search = new URLSearchParams({
    country_code: site.country,
    vertical_id: String(site.verticalId),
    alert_id: d.alertId,
    alert_type: 'email',
    send_id: d.digestId,
  }).toString();
  const shown = d.ads.slice(0, MAX_DIGEST_ADS);
  const count = d.ads.length;
  const subject = fill(count === 1 ? m.subjectOne : m.subjectMany, { count, search: label });
  const adUrl = (ad: DigestAd) => `${base}/ad/${encodeURIComponent(ad.id)}?${new URLSearchParams(track).toString()}`;
  const priceOf = (ad: DigestAd) => (ad.price !== null ? priceText(ad, site) : m.priceOnRequest);
  const siteName = new URL(d.publicBase).host;

  const text = [
    fill(m.intro, { search: label }),
    '',
    ...shown.flatMap((ad) => [
      `- ${ad.title}`,
      `  ${priceOf(ad)}${ad.place ? ` · ${ad.place}` : ''}`,
      `  ${adUrl(ad)}`,
      '',
    ]),
    `${m.seeAll}: ${allUrl}`,
    '',
    `${m.manage}: ${manageUrl}`,
    `${m.unsubscribe}: ${unsubscribeUrl}`,
    '',
    fill(m.footer, { site: siteName }),
  ].join('\n');

  const rows = shown
    .map((ad) => {
      const img = ad.image
        ? `<img src="${escapeHtml(absolute(ad.image, origin))}" width="120" height="90" alt="" style="display:block;object-fit:cover;border-radius:4px">`
        : '';
      return (
        `<tr><td style="padding:8px 12px 8px 0;vertical-align:top;width:120px">${img}</td>` +
        `<td style="padding:8px 0;vertical-align:top"><a href="${escapeHtml(adUrl(ad))}" style="color:#1a0dab;font-weight:bold;text-decoration:none">${escapeHtml(ad.title)}</a>` +
        `<div style="font-size:16px;margin-top:4px">${escapeHtml(priceOf(ad))}</div>` +
        (ad.place ? `<div style="color:#555;font-size:13px;margin-top:2px">${escapeHtml(ad.place)}</div>` : '') +
        `</td></tr>`
      );
    })
    .join('');
  const html =
    `<!doctype html><html lang="${escapeHtml(site.locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:16px;font-family:Arial,sans-serif;color:#222">` +
    `<p>${escapeHtml(fill(m.intro, { search: label }))}</p>` +
    `<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse">${rows}</table>` +
    `<p><a href="${escapeHtml(allUrl)}" style="display:inline-block;padding:10px 16px;background:#1565c0;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(m.seeAll)}</a></p>` +
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(manageUrl)}">${escapeHtml(m.manage)}</a> · ` +
    `<a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(m.unsubscribe)}</a></p>` +
    `<p style="font-size:12px;color:#666">${escapeHtml(fill(m.footer, { site: siteName }))}</p>` +
    `<img src="${escapeHtml(pixel.toString())}" width="1" height="1" alt="" style="display:block;border:0">` +
    `</body></html>`;

  return {
    to: d.email,
    subject,
    text,
    html,
    kind: 'digest',
    idempotencyKey: `digest:${d.digestId}`,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'X-Trawl-Alert': d.alertId,
      'X-Trawl-Send-Id': d.digestId,
    },
  };
}

/** The web push of a browser alert with new matches: what the service worker shows and opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  send_id: string;
  alert_id: string;
  icon: string | null;
}

export function renderPush(p: {
  sendId: string;
  alertId: string;
  site: AlertSite;
  query: AlertQuery;
  ads: DigestAd[];
  publicBase: string;
}): PushPayload {
  const m = messagesFor(p.site.locale);
  const label = searchLabel(p.site.locale, p.query.what, p.query.where);
  const count = p.ads.length;
  const first = p.ads[0];
  const price = first?.price != null ? priceText(first, p.site) : '';
  return {
    title: fill(count === 1 ? m.pushTitleOne : m.pushTitleMany, { count, search: label }),
    body: first ? [first.title, price, first.place].filter(Boolean).join(' · ').slice(0, 200) : '',
    url: resultsUrl(p.publicBase, p.site, p.query, {
      from: 'alert',
      alertLanding: '1',
      alert_id: p.alertId,
      alert_type: 'push',
      send_id: p.sendId,
      origin: String(ORIGIN_PUSH_ALERT),
    }),
    send_id: p.sendId,
    alert_id: p.alertId,
    icon: first?.image ? absolute(first.image, originOf(p.publicBase)) : null,
  };
}
