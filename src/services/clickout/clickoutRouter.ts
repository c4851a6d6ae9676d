import { createHash, randomBytes } from 'node:crypto';
import express from 'express';
import { countryByCode } from '../../../config/countries';
import { USER_AGENT_MAX_LENGTH } from '../../shared/domain/constants';
import { detectDevice, isBot } from '../../server/requestContext';
import type { ClickOutcome, DeviceName, EventStore } from '../events/EventStore';
import { ServiceError, parseInput, sendDocument } from '../jsonapi';
import type { Metrics } from '../metrics/createMetrics';
import type { SearchStore } from '../search/SearchStore';
import type { Campaign, Source, StoredAd } from '../search/types';
import { requireJsonBody } from '../bodies';
import { clickBody, type ClickBody } from './clickSchema';
import { siteOfBody } from './sites';

/** A visitor's second click on the same ad within 30 minutes of a billed one is not billed again. */
export const CLICK_DEDUPE_WINDOW_MS = 30 * 60 * 1000;

/** Destination type 1: leave the site for the partner's page (service-calls spec §4, §7). */
export const DESTINATION_EXTERNAL = 1;

export interface ClickoutDeps {
  searchStore: SearchStore;
  events: EventStore;
  metrics: Metrics;
  now: () => Date;
  log?: (msg: string, extra?: object) => void;
}

/** What a billed click costs the source: the campaign's CPC for the device (tablets pay the desktop CPC). */
export function cpcFor(campaign: Campaign, device: DeviceName): number {
  return device === 'mobile' ? campaign.cpcMobile : campaign.cpcDesktop;
}

/** The source's campaign a click is billed to: the first active one, if any. */
export function billingCampaign(source: Source | undefined): Campaign | undefined {
  return source?.campaigns.find((c) => c.active);
}

/** Only web pages (absolute http/https) or a path of our own origin; never `javascript:`, `//host` ... */
export function isSafeDestination(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The visitor for the 30-minute rule: the cookie id, else a hash of ip and user agent. */
export function dedupeKeyOf(cookieId: string | null | undefined, ip: string, userAgent: string): string {
  if (cookieId) return `c:${cookieId}`;
  return `h:${createHash('sha256').update(`${ip}|${userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * POST `/clickout/clicks` (service-calls spec §7 "Click-out service"),
 * mounted under `/api`: records the click in the event store and answers
 * where to send the visitor, which is always the URL stored for the ad.
 * See docs/decisions/021-clickout-billing.md.
 */
export function createClickoutRouter(deps: ClickoutDeps): express.Router {
  const router = express.Router();

  /** Records a refused click-out (an expired ad's click is still a fact worth keeping) and returns the error. */
  async function rejected(
    body: ClickBody,
    req: express.Request,
    error: ServiceError,
    ad?: StoredAd,
  ): Promise<ServiceError> {
    await deps.events
      .appendEvents([
        {
          type: 'clickout-rejected',
          at: deps.now(),
          country: ad?.country ?? null,
          verticalId: null,
          cookieId: body.data.attributes.user?.cookie_id ?? null,
          ip: req.ip ?? null,
          userAgent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH),
          doc: { code: error.code, adId: body.data.attributes.ad.id, site: body.data.attributes.site },
        },
      ])
      .catch((err: unknown) => deps.log?.('clickout rejection not recorded', { err: String(err) }));
    deps.metrics.clickouts.inc({ outcome: `rejected_${error.code.toLowerCase()}` });
    return error;
  }

  router.post('/clickout/clicks', requireJsonBody, async (req, res) => {
    const body = parseInput(clickBody, req.body, 'body');
    const a = body.data.attributes;
    const site = siteOfBody(a.site.country_code, a.site.vertical_name, '/data/attributes/site');
    const ad = await deps.searchStore.getAd(a.ad.id);
    if (!ad) {
      throw await rejected(body, req, ServiceError.notFound(`No ad ${a.ad.id}.`, 'AD_NOT_FOUND'));
    }
    if (ad.country !== site.country || ad.vertical !== site.vertical) {
      throw await rejected(
        body,
        req,
        new ServiceError(409, 'SITE_MISMATCH', `Ad ${ad.id} is not an ad of ${site.country}/${site.vertical}.`, {
          pointer: '/data/attributes/site',
        }),
        ad,
      );
    }
    if (ad.expired) {
      throw await rejected(body, req, new ServiceError(410, 'AD_EXPIRED', `Ad ${ad.id} has expired.`), ad);
    }
    if (!isSafeDestination(ad.url)) {
      deps.log?.('clickout refused: stored url is not a web page', { adId: ad.id });
      throw await rejected(body, req, new ServiceError(410, 'AD_UNAVAILABLE', `Ad ${ad.id} has no page to go to.`), ad);
    }

    const userAgent = (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH);
    const ip = req.ip ?? '';
    const device: DeviceName = a.device ?? detectDevice(userAgent);
    const bot = isBot(userAgent) || a.user?.is_bot === true;
    const campaign = billingCampaign(ad.source);
    const cookieId = a.user?.cookie_id || null;
    const clickId = randomBytes(16).toString('base64url');
    const result = await deps.events.recordClick(
      {
        clickId,
        at: deps.now(),
        adId: ad.id,
        sourceId: ad.sourceId,
        sourceName: ad.source?.name ?? null,
        country: ad.country,
        vertical: ad.vertical,
        position: a.ad.position ?? null,
        sectionId: a.section?.id ?? null,
        sectionTypeId: a.section?.type_id ?? null,
        campaignId: campaign?.id ?? null,
        device,
        bot,
        cpcMicros: campaign ? Math.round(cpcFor(campaign, device) * 1_000_000) : 0,
        currency: countryByCode(ad.country)?.currency ?? 'EUR',
        dedupeKey: dedupeKeyOf(cookieId, ip, userAgent),
        cookieId,
        ip,
        userAgent,
        destination: ad.url,
        doc: { ...a, options: a.options ?? body.options ?? null },
      },
      CLICK_DEDUPE_WINDOW_MS,
    );
    deps.metrics.clickouts.inc({ outcome: result.outcome satisfies ClickOutcome });
    res.set('Cache-Control', 'no-store');
    sendDocument(res, 201, {
      data: { type: 'clicks', id: clickId, attributes: { ad_id: ad.id } },
      meta: {
        destination: { type: DESTINATION_EXTERNAL, url: ad.url },
        user: { conversion_cookie: clickId },
      },
    });
  });

  return router;
}
