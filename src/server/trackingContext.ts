import { createHash, randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { CONSENT_REQUIRED, COOKIE_POLICY_URL } from '../../config/consent';
import { experimentsFor } from '../../config/experiments';
import type { Site } from '../../config/sites';
import { AB_TEST_FORCED } from '../shared/domain/constants';
import { COOKIES, DAY_SECONDS } from '../shared/domain/cookies';
import type { Device } from '../shared/routing/RouteRegistry';
import type { ConsentState } from '../state/consent';
import type { TrackingState } from '../state/tracking';

const MAX_ORIGIN = 66;

function cookieOptions(req: Request, maxAgeSeconds: number) {
  return { maxAge: maxAgeSeconds * 1000, path: '/', sameSite: 'lax' as const, secure: req.secure };
}

/** The A/B option of a visitor: forced B for test 666 on mobile in fr and in, else a stable hash of the visitor. */
export function assignOption(
  testId: number,
  options: readonly string[],
  installationId: string,
  country: string,
  device: Device,
): string {
  if (
    testId === AB_TEST_FORCED.id &&
    device === AB_TEST_FORCED.platform &&
    (AB_TEST_FORCED.countries as readonly string[]).includes(country)
  ) {
    return AB_TEST_FORCED.option;
  }
  const digest = createHash('sha256').update(`${testId}:${installationId}`).digest();
  return options[digest.readUInt32BE(0) % options.length] ?? options[0] ?? 'A';
}

const intParam = (value: unknown, max: number): number | undefined => {
  const n = typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : undefined;
  return n !== undefined && n <= max ? n : undefined;
};

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
): Partial<TrackingState> {
  const cookies = (req.cookies ?? {}) as Record<string, string>;
  const query = req.query as Record<string, unknown>;
  const queryOrigin = intParam(query.origin, MAX_ORIGIN);
  const cookieOrigin = intParam(cookies[COOKIES.origin.name], MAX_ORIGIN);
  const origin = queryOrigin ?? cookieOrigin ?? (req.get('referer') ? 2 : 1);
  if (queryOrigin !== undefined && !visitor.isBot) {
    res.cookie(COOKIES.origin.name, String(queryOrigin), cookieOptions(req, COOKIES.origin.maxAgeDays * DAY_SECONDS));
  }
  const sendingId =
    typeof query.sending_id === 'string' ? query.sending_id.slice(0, 100) : (cookies[COOKIES.sendingId.name] ?? null);
  const campaigns =
    typeof query.userCampaignIds === 'string' && /^\d+(,\d+)*$/.test(query.userCampaignIds)
      ? query.userCampaignIds.split(',').map(Number).slice(0, 20)
      : [];

  const experiment = experimentsFor(site.country)[0];
  let abTest: TrackingState['abTest'] = null;
  if (experiment) {
    const [cookieTest, cookieOption] = (cookies[COOKIES.abTest.name] ?? '').split(':');
    const forced = assignOption(
      experiment.id,
      experiment.options,
      visitor.installationId,
      site.country,
      visitor.device,
    );
    const kept =
      Number(cookieTest) === experiment.id && cookieOption && experiment.options.includes(cookieOption)
        ? cookieOption
        : undefined;
    const isForced =
      experiment.id === AB_TEST_FORCED.id &&
      forced === AB_TEST_FORCED.option &&
      visitor.device === 'mobile' &&
      (AB_TEST_FORCED.countries as readonly string[]).includes(site.country);
    const option = isForced ? forced : (kept ?? forced);
    abTest = { id: experiment.id, option, platform: visitor.device };
    if (!visitor.isBot && option !== kept) {
      res.cookie(
        COOKIES.abTest.name,
        `${experiment.id}:${option}`,
        cookieOptions(req, COOKIES.abTest.maxAgeDays * DAY_SECONDS),
      );
    }
  }
  return {
    pageViewId: randomUUID(),
    origin,
    trackingCode: typeof query.tracking_code === 'string' ? query.tracking_code.slice(0, 100) : null,
    sendingId,
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
