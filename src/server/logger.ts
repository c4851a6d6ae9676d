import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'trawl' },
    redact: ['req.headers.cookie', 'email', 'userControlToken', '*.email', '*.uct'],
  });
}
