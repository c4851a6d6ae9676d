import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { UAParser } from 'ua-parser-js';
import { COOKIES, DAY_SECONDS } from '../shared/domain/cookies';
import { USER_AGENT_MAX_LENGTH } from '../shared/domain/constants';
import type { Device } from '../shared/routing/RouteRegistry';

const BOT =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|headlesschrome|lighthouse|pingdom|monitor/i;

export interface VisitorContext {
  device: Device;
  isBot: boolean;
  userAgent: string;
  installationId: string;
  ip: string;
  cookiesEnabled: boolean;
}

/** Mobile, tablet or desktop from the user agent (cut at 500 characters, spec §9); `?device=` overrides. */
export function detectDevice(userAgent: string, override?: unknown): Device {
  if (override === 'mobile' || override === 'desktop' || override === 'tablet') return override;
  const type = new UAParser(userAgent.slice(0, USER_AGENT_MAX_LENGTH)).getDevice().type;
  if (type === 'mobile' || type === 'wearable') return 'mobile';
  if (type === 'tablet') return 'tablet';
  return 'desktop';
}

export function isBot(userAgent: string): boolean {
  return !userAgent || BOT.test(userAgent.slice(0, USER_AGENT_MAX_LENGTH));
}

/**
 * Reads who is asking: device, bot flag, ip, installation id. A visitor
 * without an installation id gets one in a cookie (not bots: they keep none).
 */
export function visitorContext(req: Request, res: Response): VisitorContext {
  const userAgent = (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  const bot = isBot(userAgent);
  const cookies = (req.cookies ?? {}) as Record<string, string>;
  let installationId = cookies[COOKIES.installationId.name];
  const cookiesEnabled = Object.keys(cookies).length > 0;
  if (!installationId || !/^[0-9a-f-]{36}$/.test(installationId)) {
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
  return {
    device: detectDevice(userAgent, req.query.device),
    isBot: bot,
    userAgent,
    installationId,
    ip: req.ip ?? '',
    cookiesEnabled,
  };
}
