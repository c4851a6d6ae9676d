import { randomUUID } from 'node:crypto';
import express from 'express';
import { z } from 'zod';
import { SOURCES_CACHE_SECONDS } from '../../shared/domain/constants';
import { requireJsonBody } from '../bodies';
import { adId as adIdSchema } from '../clickout/clickSchema';
import { siteOfBody } from '../clickout/sites';
import type { EventStore } from '../events/EventStore';
import { ServiceError, parseInput, requiredString, sendDocument } from '../jsonapi';
import type { MailMessage, Mailer } from '../mail/Mailer';
import type { Metrics } from '../metrics/createMetrics';
import type { SearchStore } from '../search/SearchStore';
import type { Source, StoredAd } from '../search/types';
import { leadBody, type LeadBody } from './leadSchema';

export interface SourcesDeps {
  searchStore: SearchStore;
  events: EventStore;
  mailer: Mailer;
  metrics: Metrics;
  now: () => Date;
  log?: (msg: string, extra?: object) => void;
}

const topPlayersQuery = z.object({
  countryCode: requiredString().trim().min(2, 'is required').max(5, 'must be a country code'),
  verticalId: requiredString()
    .trim()
    .regex(/^\d{1,2}$/, 'must be a vertical id (1, 2, 4 or 8)'),
});

/** Top players first: sources with an active campaign, then by name. */
export function rankSources(sources: readonly Source[]): Source[] {
  const active = (s: Source) => (s.campaigns.some((c) => c.active) ? 0 : 1);
  return [...sources].sort((a, b) => active(a) - active(b) || a.name.localeCompare(b.name) || a.id - b.id);
}

/** Text as HTML text: `& < > " '` escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line for a header or subject. */
function oneLine(text: string, max = 150): string {
  return text.replace(/[\r\n\t]+/g, ' ').slice(0, max);
}

/** The e-mail that forwards a lead to the source: plain text and HTML, every visitor value escaped in the HTML. */
export function leadMessage(
  ad: StoredAd,
  source: Source,
  user: LeadBody['data']['attributes']['user'],
  leadId: string,
): MailMessage {
  const fields: [string, string][] = [
    ['Name', user.name],
    ['E-mail', user.email],
    ['Phone', user.phone || '-'],
  ];
  const message = user.message || '';
  const text = [
    `A visitor of Trawl contacted you about your ad "${ad.title}".`,
    `Ad: ${ad.url} (your reference ${ad.partnerAdId})`,
    '',
    ...fields.map(([k, v]) => `${k}: ${v}`),
    '',
    'Message:',
    message || '-',
    '',
    `Lead ${leadId}. Reply to this e-mail to answer the visitor.`,
  ].join('\n');
  const rows = fields.map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  const html =
    `<!doctype html><html><body>` +
    `<p>A visitor of Trawl contacted you about your ad <strong>${escapeHtml(ad.title)}</strong>` +
    ` (<a href="${escapeHtml(ad.url)}">${escapeHtml(ad.partnerAdId)}</a>).</p>` +
    `<table>${rows}</table>` +
    `<p style="white-space:pre-wrap">${escapeHtml(message || '-')}</p>` +
    `<p style="color:#666">Lead ${escapeHtml(leadId)}. Reply to this e-mail to answer the visitor.</p>` +
    `</body></html>`;
  return {
    to: source.contactEmail,
    subject: oneLine(`New contact about your ad: ${ad.title}`),
    text,
    html,
    headers: { 'Reply-To': user.email },
    kind: 'lead',
  };
}

/**
 * The sources service of spec §7, mounted under `/api`:
 * GET `/sources/topPlayers?countryCode&verticalId` (a site's sources, name
 * and image, cached a day) and POST `/sources/lead/{adId}` (a contact from
 * the ad page: validated, stored, then forwarded to the source's contact
 * e-mail through the mailer). See docs/decisions/023-sources-and-leads.md.
 */
export function createSourcesRouter(deps: SourcesDeps): express.Router {
  const router = express.Router();

  router.get('/sources/topPlayers', async (req, res) => {
    const q = parseInput(topPlayersQuery, req.query, 'query');
    const site = siteOfBody(q.countryCode, q.verticalId, '', 'query', {
      country: 'countryCode',
      vertical: 'verticalId',
    });
    const sources = rankSources(await deps.searchStore.sources(site));
    res.set('Cache-Control', `public, max-age=${SOURCES_CACHE_SECONDS}`);
    sendDocument(res, 200, {
      data: sources.map((s) => ({ type: 'sources', id: String(s.id), attributes: { name: s.name, image: s.image } })),
      meta: { countryCode: site.country, verticalId: Number(q.verticalId), total: sources.length },
    });
  });

  router.post('/sources/lead/:adId', requireJsonBody, async (req, res) => {
    const id = parseInput(z.object({ adId: adIdSchema }), req.params, 'query').adId;
    const body = parseInput(leadBody, req.body, 'body');
    const a = body.data.attributes;
    const site = siteOfBody(a.country, a.vertical, '/data/attributes', 'body', {
      country: 'country',
      vertical: 'vertical',
    });
    const ad = await deps.searchStore.getAd(id);
    if (!ad) throw ServiceError.notFound(`No ad ${id}.`, 'AD_NOT_FOUND');
    if (ad.country !== site.country || ad.vertical !== site.vertical) {
      throw new ServiceError(409, 'SITE_MISMATCH', `Ad ${id} is not an ad of ${site.country}/${site.vertical}.`, {
        pointer: '/data/attributes/country',
      });
    }
    if (ad.expired) throw new ServiceError(410, 'AD_EXPIRED', `Ad ${id} has expired.`);
    const source = ad.source;
    if (!source || !source.hasAdpageForm || !source.contactEmail) {
      throw new ServiceError(409, 'NO_CONTACT_FORM', `The source of ad ${id} takes no contacts through Trawl.`);
    }
    if (a.sourceAd?.sourceId != null && a.sourceAd.sourceId !== source.id) {
      throw new ServiceError(409, 'SOURCE_MISMATCH', `Ad ${id} is not published by source ${a.sourceAd.sourceId}.`, {
        pointer: '/data/attributes/sourceAd/sourceId',
      });
    }

    const leadId = randomUUID();
    const at = deps.now();
    await deps.events.recordLead({
      leadId,
      at,
      adId: ad.id,
      sourceId: source.id,
      sourceName: source.name,
      country: ad.country,
      vertical: ad.vertical,
      toEmail: source.contactEmail,
      name: a.user.name,
      email: a.user.email,
      phone: a.user.phone || null,
      message: a.user.message || null,
      doc: { ...a, ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null },
    });
    let forwarded = false;
    try {
      const sent = await deps.mailer.send(leadMessage(ad, source, a.user, leadId));
      forwarded = true;
      await deps.events.appendEvents([
        {
          type: 'lead-forwarded',
          at: deps.now(),
          country: ad.country,
          verticalId: null,
          cookieId: null,
          ip: null,
          userAgent: null,
          doc: { leadId, mailId: sent.id, sourceId: source.id },
        },
      ]);
    } catch (err) {
      // The lead is stored: it is not lost, and support can forward it again from the store.
      deps.log?.('lead not forwarded', { leadId, err: String(err) });
    }
    deps.metrics.leads.inc({ outcome: forwarded ? 'forwarded' : 'not_forwarded' });
    res.set('Cache-Control', 'no-store');
    sendDocument(res, 201, {
      data: {
        type: 'leads',
        id: leadId,
        attributes: { ad_id: ad.id, source_id: source.id, created_at: at.toISOString(), forwarded },
      },
    });
  });

  return router;
}
