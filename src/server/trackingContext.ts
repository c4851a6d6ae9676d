import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { CONSENT_REQUIRED, COOKIE_POLICY_URL } from '../../config/consent';
import { experimentsFor } from '../../config/experiments';
import type { Site } from '../../config/sites';
import { COOKIES, DAY_SECONDS } from '../shared/domain/cookies';
import { abAssignment, intParam, MAX_ORIGIN, trafficOrigin } from '../shared/domain/visitor';
import type { Device } from '../shared/routing/RouteRegistry';
import type { ConsentState } from '../state/consent';
import type { TrackingState } from '../state/tracking';

function cookieOptions(req: Request, maxAgeSeconds: number) {
  return { maxAge: maxAgeSeconds * 1000, path: '/', sameSite: 'lax' as const, secure: req.secure };
}

export { assignOption } from '../shared/domain/visitor';

/**
 * The tracking context of a page view: a new page-view id, the traffic
 * origin (from `?origin=`, kept a day in its cookie), tracking code, sending
 * id and campaigns from the query, and the visitor's A/B assignment, kept in
 * its cookie so it stays the same across visits.
 */
export function trackingContext(
  req: Request,
  res: Response,
  site: Site,
  visitor: { installationId: string; device: Device; isBot: boolean },
  options: { neutral?: boolean } = {},
): Partial<TrackingState> {
  const query = req.query as Record<string, unknown>;
  const trackingCode = typeof query.tracking_code === 'string' ? query.tracking_code.slice(0, 100) : null;
  const campaigns =
    typeof query.userCampaignIds === 'string' && /^\d+(,\d+)*$/.test(query.userCampaignIds)
      ? query.userCampaignIds.split(',').map(Number).slice(0, 20)
      : [];
  const querySendingId = typeof query.sending_id === 'string' ? query.sending_id.slice(0, 100) : null;
  if (options.neutral) {
    // Only what the URL says (a shared cache keys on it); the browser adds the rest on first load (decision 062).
    return {
      pageViewId: '',
      origin: intParam(query.origin, MAX_ORIGIN) ?? 0,
      trackingCode,
      sendingId: querySendingId,
      userCampaignIds: campaigns,
      abTest: null,
    };
  }
  const cookies = (req.cookies ?? {}) as Record<string, string>;
  const queryOrigin = intParam(query.origin, MAX_ORIGIN);
  const origin = trafficOrigin(query.origin, cookies[COOKIES.origin.name], Boolean(req.get('referer')));
  if (queryOrigin !== undefined && !visitor.isBot) {
    res.cookie(COOKIES.origin.name, String(queryOrigin), cookieOptions(req, COOKIES.origin.maxAgeDays * DAY_SECONDS));
  }
  const experiment = experimentsFor(site.country)[0];
  let abTest: TrackingState['abTest'] = null;
  if (experiment) {
    const assignment = abAssignment(experiment, cookies[COOKIES.abTest.name], { ...visitor, country: site.country });
    abTest = assignment.abTest;
    if (assignment.cookie) {
      res.cookie(COOKIES.abTest.name, assignment.cookie, cookieOptions(req, COOKIES.abTest.maxAgeDays * DAY_SECONDS));
    }
  }
  return {
    pageViewId: randomUUID(),
    origin,
    trackingCode,
    sendingId: querySendingId ?? cookies[COOKIES.sendingId.name] ?? null,
    userCampaignIds: campaigns,
    abTest,
  };
}

/**
 * The visitor's consent from their cookies: the answer they gave (365 days),
 * personalised ads off if they disagreed; the banner shows where the
 * country's rules need an answer and none was given.
 */
export function consentContext(req: Request, site: Site): Partial<ConsentState> {
  const cookies = (req.cookies ?? {}) as Record<string, string>;
  const answer = cookies[COOKIES.gdprBanner.name];
  const status = answer === 'granted' || answer === 'denied' ? answer : 'pending';
  const required = CONSENT_REQUIRED.has(site.country);
  return {
    required,
    status,
    personalizedAds: cookies[COOKIES.personalizedAds.name] !== '0' && status !== 'denied',
    banner: { visible: required && status === 'pending', url: COOKIE_POLICY_URL.replace('{country}', site.country) },
  };
}
