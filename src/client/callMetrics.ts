import type { CallObserver } from '../shared/api/http';

/** Calls reported in one post, and how long the first of a batch waits for others. */
export const CALLS_PER_REPORT = 20;
export const REPORT_AFTER_MS = 15_000;

/**
 * The browser's service calls, counted by the metrics service as the server's own are (decision
 * 024, client="browser"): each call's name, time and outcome, posted to `/query` in batches (one
 * request per 20 calls or 15 s, and whatever is left when the page is hidden or left), so a phone
 * does not make a request per call.
 */
export function createCallMetrics(
  metricsBase: string,
  send: typeof fetch = fetch,
  target: Pick<Window, 'addEventListener'> = window,
): { observe: CallObserver; flush(): void } {
  let calls: Parameters<CallObserver>[0][] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (calls.length === 0) return;
    const body = JSON.stringify(calls.map((c) => ({ name: c.name, ms: Math.round(c.ms), outcome: c.outcome })));
    calls = [];
    send(`${metricsBase}/query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      keepalive: true,
    }).catch(() => undefined);
  };
  target.addEventListener('pagehide', flush);
  target.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  return {
    observe: (call) => {
      calls.push(call);
      if (calls.length >= CALLS_PER_REPORT) flush();
      else timer ??= setTimeout(flush, REPORT_AFTER_MS);
    },
    flush,
  };
}
