import { isApiError } from './api/errors';
import { REPORT_URL_LIMIT } from './domain/constants';

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

/** A reporter that posts to the metrics service's /error call, with the page's address; never throws. */
export function createErrorReporter(
  metricsBase: string,
  send: typeof fetch = fetch,
  pageUrl: () => string | undefined = () => globalThis.location?.href,
): ErrorReporter {
  return (error, context = {}) => {
    if (!shouldReport(error)) return;
    const name = (error as { name?: string } | null)?.name ?? 'Error';
    const message = String((error as { message?: string } | null)?.message ?? error).slice(0, 500);
    send(`${metricsBase}/error`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: `browser.${name}`.replace(/[^A-Za-z0-9_.:/-]/g, '_').slice(0, 64),
        message,
        url: pageUrl()?.slice(0, REPORT_URL_LIMIT),
        ...context,
      }),
      keepalive: true,
    }).catch(() => undefined);
  };
}
