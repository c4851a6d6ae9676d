import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { UAParser } from 'ua-parser-js';
import { COOKIES, DAY_SECONDS } from '../shared/domain/cookies';
import { PHONE_WIDTH, USER_AGENT_MAX_LENGTH } from '../shared/domain/constants';
import { INSTALLATION_ID_PATTERN, isBot, isTrawlCookie } from '../shared/domain/visitor';
import type { Device } from '../shared/routing/RouteRegistry';

export { isBot } from '../shared/domain/visitor';

export interface VisitorContext {
  device: Device;
  /** The device class came from the CDN's trusted header, so a shared cache can key on it (decision 062). */
  deviceFromHeader: boolean;
  isBot: boolean;
  userAgent: string;
  /** Empty on a visitor-neutral rendering: the browser makes it (decision 062). */
  installationId: string;
  ip: string;
  cookiesEnabled: boolean;
}

const DEVICES: readonly string[] = ['mobile', 'desktop', 'tablet'];

/**
 * Mobile, tablet or desktop from the user agent (cut at 500 characters, spec §9); `?device=` overrides.
 * A tablet whose viewport is narrower than the phone width (600 CSS px, spec §9) is used as a phone:
 * a large phone that calls itself a tablet, or a tablet's split screen.
 */
export function detectDevice(userAgent: string, override?: unknown, viewportWidth?: number): Device {
  if (override === 'mobile' || override === 'desktop' || override === 'tablet') return override;
  const type = new UAParser(userAgent.slice(0, USER_AGENT_MAX_LENGTH)).getDevice().type;
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return viewportWidth !== undefined && viewportWidth < PHONE_WIDTH ? 'mobile' : 'tablet';
  return 'desktop';
}

/** The client hint every page asks for (`Accept-CH`): the viewport's width in CSS pixels. */
export const VIEWPORT_HINT = 'Sec-CH-Viewport-Width';

/** The viewport width the browser sent as a client hint (or its older name), when it sent one. */
export function viewportWidthOf(req: Request): number | undefined {
  const value = req.get(VIEWPORT_HINT) ?? req.get('Viewport-Width');
  return value && /^\d{1,5}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** True when the request carries any Trawl cookie: it gets today's per-visitor page, not the neutral one. */
export function hasTrawlCookie(req: Request): boolean {
  const cookies = (req.cookies ?? {}) as Record<string, string>;
  for (const name in cookies) if (isTrawlCookie(name)) return true;
  return false;
}

/** The device class a CDN put in the trusted header (`DEVICE_CLASS_HEADER`), if it names one. */
export function headerDevice(req: Request, deviceHeader: string | undefined): Device | undefined {
  if (!deviceHeader) return undefined;
  const value = req.get(deviceHeader)?.trim().toLowerCase();
  return value && DEVICES.includes(value) ? (value as Device) : undefined;
}

/**
 * Reads who is asking: device, bot flag, ip, installation id. A visitor
 * without an installation id gets one in a cookie (not bots: they keep none);
 * on a visitor-neutral rendering nothing is made here: the browser makes the
 * id on its first load (decision 062), and the page says nothing of the
 * visitor but their device class.
 */
export function visitorContext(
  req: Request,
  res: Response,
  options: { neutral?: boolean; deviceHeader?: string } = {},
): VisitorContext {
  const userAgent = (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  const bot = isBot(userAgent);
  const fromHeader = headerDevice(req, options.deviceHeader);
  const device = detectDevice(userAgent, req.query.device ?? fromHeader, viewportWidthOf(req));
  // Browsers send the hint from their next request on. The same for every visitor, so a shared copy may carry it.
  res.append('Accept-CH', VIEWPORT_HINT);
  const context = {
    device,
    deviceFromHeader: fromHeader !== undefined || DEVICES.includes(req.query.device as string),
    userAgent,
    ip: req.ip ?? '',
  };
  if (options.neutral) return { ...context, isBot: false, installationId: '', cookiesEnabled: false };
  const cookies = (req.cookies ?? {}) as Record<string, string>;
  let installationId = cookies[COOKIES.installationId.name];
  const cookiesEnabled = Object.keys(cookies).length > 0;
  if (!installationId || !INSTALLATION_ID_PATTERN.test(installationId)) {
    installationId = randomUUID();
    if (!bot) {
      res.cookie(COOKIES.installationId.name, installationId, {
        maxAge: COOKIES.installationId.maxAgeDays * DAY_SECONDS * 1000,
        path: '/',
        sameSite: 'lax',
        secure: req.secure,
      });
    }
  }
  return { ...context, isBot: bot, installationId, cookiesEnabled };
}
