import { experimentsFor } from '../../config/experiments';
import { COOKIES, DAY_SECONDS, parseCookies } from '../shared/domain/cookies';
import {
  abAssignment,
  INSTALLATION_ID_PATTERN,
  intParam,
  isBot,
  MAX_ORIGIN,
  trafficOrigin,
} from '../shared/domain/visitor';
import type { RootState } from '../state/store';

/** What a visitor-neutral page carries beside its state (src/server/document.ts). */
export interface NeutralPage {
  /** Cookies its load would have set, all from its URL (the last search): name, value, max-age in seconds. */
  cookies: ReadonlyArray<readonly [string, string, number]>;
}

/** The browser as the first load of a neutral page sees it. */
export interface VisitorEnvironment {
  /** `document.cookie`, read when called */
  cookies(): string;
  userAgent: string;
  referrer: string;
  /** `location.search` */
  search: string;
  randomId(): string;
  setCookie(name: string, value: string, maxAgeSeconds: number): void;
}

/**
 * The first load of a visitor-neutral page (decision 062): the browser makes
 * what the server makes for a visitor with cookies, by the same rules and
 * under the same cookie names and lifetimes: the installation id (not for
 * bots), the page-view id, the traffic origin (`?origin=` kept a day, else
 * organic with a referrer and direct without), the A/B assignment, and the
 * cookies the page's load asked for. Nothing of this is rendered, so the
 * state it returns hydrates the server's HTML unchanged.
 */
export function adoptVisitor(state: RootState, page: NeutralPage, env: VisitorEnvironment): RootState {
  const cookies = parseCookies(env.cookies());
  const bot = isBot(env.userAgent);
  const query = new URLSearchParams(env.search);
  const { site, device } = state.app;

  let installationId = cookies[COOKIES.installationId.name];
  if (!installationId || !INSTALLATION_ID_PATTERN.test(installationId)) {
    installationId = env.randomId();
    if (!bot)
      env.setCookie(COOKIES.installationId.name, installationId, COOKIES.installationId.maxAgeDays * DAY_SECONDS);
  }

  const queryOrigin = intParam(query.get('origin') ?? undefined, MAX_ORIGIN);
  const origin = trafficOrigin(query.get('origin') ?? undefined, cookies[COOKIES.origin.name], env.referrer !== '');
  if (queryOrigin !== undefined && !bot) {
    env.setCookie(COOKIES.origin.name, String(queryOrigin), COOKIES.origin.maxAgeDays * DAY_SECONDS);
  }

  const experiment = experimentsFor(site.country)[0];
  let abTest: RootState['tracking']['abTest'] = null;
  if (experiment) {
    const assignment = abAssignment(experiment, cookies[COOKIES.abTest.name], {
      installationId,
      country: site.country,
      device,
      isBot: bot,
    });
    abTest = assignment.abTest;
    if (assignment.cookie)
      env.setCookie(COOKIES.abTest.name, assignment.cookie, COOKIES.abTest.maxAgeDays * DAY_SECONDS);
  }
  for (const [name, value, maxAge] of page.cookies) env.setCookie(name, value, maxAge);
  // Cookies work when the browser sent some, or keeps the id just set (the server could only tell the first).
  const cookiesEnabled =
    Object.keys(cookies).length > 0 || parseCookies(env.cookies())[COOKIES.installationId.name] === installationId;

  return {
    ...state,
    app: { ...state.app, installationId, isBot: bot, cookiesEnabled },
    tracking: {
      ...state.tracking,
      pageViewId: env.randomId(),
      origin,
      sendingId: state.tracking.sendingId ?? cookies[COOKIES.sendingId.name] ?? null,
      abTest,
    },
  };
}
