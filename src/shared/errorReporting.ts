import { isApiError } from './api/errors';

/**
 * Which failures go to the error-reporting service (service-calls spec §8):
 * a 404 is not reported; storage-quota and frame-block errors are ignored;
 * everything else, API or not, is.
 */
export function shouldReport(error: unknown): boolean {
  if (isApiError(error)) return error.status !== 404;
  const name = (error as { name?: string } | null)?.name ?? '';
  const message = String((error as { message?: string } | null)?.message ?? error);
  if (name === 'QuotaExceededError' || /quota/i.test(message)) return false;
  if (name === 'SecurityError' && /frame/i.test(message)) return false;
  if (/Blocked a frame/i.test(message)) return false;
  return true;
}

export type ErrorReporter = (error: unknown, context?: Record<string, unknown>) => void;

/** A reporter that posts to the metrics service's /error call; never throws. */
export function createErrorReporter(metricsBase: string, send: typeof fetch = fetch): ErrorReporter {
  return (error, context = {}) => {
    if (!shouldReport(error)) return;
    const name = (error as { name?: string } | null)?.name ?? 'Error';
    const message = String((error as { message?: string } | null)?.message ?? error).slice(0, 500);
    send(`${metricsBase}/error`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: `browser.${name}`.slice(0, 100), message, ...context }),
      keepalive: true,
    }).catch(() => undefined);
  };
}
