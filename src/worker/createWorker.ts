import type { Mailer, MailMessage } from '../services/mail/Mailer';
import {
  queryOf,
  NotificationStore,
  type EmailAlertRow,
  type PushSearchRow,
} from '../services/notifications/NotificationStore';
import {
  ORIGIN_DAILY_DIGEST,
  ORIGIN_WEEKLY_DIGEST,
  resolveSite,
  type AlertSite,
} from '../services/notifications/searchRules';
import { ActTokens, randomId } from '../services/notifications/tokens';
import { sendWebPush } from '../services/push/sendWebPush';
import { loadVapidDetails, type VapidDetails } from '../services/push/vapid';
import { findNewAds, type DigestAd } from './findNewAds';
import { renderDigest, renderPush } from './renderDigest';

export interface WorkerOptions {
  dataDir: string;
  /** Base URL of a site's search calls, e.g. `http://127.0.0.1:3000/api/sites/uk/homes`. */
  searchBaseUrl: (country: string, vertical: string) => string;
  mailer: Mailer;
  /** Base URL of a site's pages, for links in mails and pushes (`https://homes.trawl.co.uk`). */
  publicBaseUrl: (country: string, vertical: string) => string;
  now?: () => Date;
  log?: (msg: string, extra?: object) => void;
  /** Overrides of the schedule (docs/decisions/034-alert-delivery.md). */
  schedule?: Partial<WorkerSchedule>;
  fetchImpl?: typeof fetch;
}

export interface WorkerSchedule {
  /** Hour (UTC) of the daily and weekly digests. */
  digestHourUtc: number;
  /** Day of the weekly digest, 0 Sunday ... 6 Saturday (UTC). */
  weeklyDayUtc: number;
  /** How often a browser alert is checked for new matches. */
  pushIntervalMs: number;
  /** How often `start()` wakes up to see what is due. */
  tickMs: number;
}

export const DEFAULT_SCHEDULE: WorkerSchedule = {
  digestHourUtc: 7,
  weeklyDayUtc: 1,
  pushIntervalMs: 15 * 60_000,
  tickMs: 60_000,
};

/** An ad already shown stays out of later digests; a check also looks this far back before the last send, for late imports. */
export const LATE_IMPORT_GRACE_MS = 24 * 3600_000;
/** Seen-ad records are kept this long. */
export const SEEN_RETENTION_MS = 60 * 24 * 3600_000;
/** Retry delays of a failed push; after the last one it is given up. */
export const PUSH_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000, 6 * 3600_000];

export interface RoundReport {
  emailAlertsChecked: number;
  digestsQueued: number;
  pushSearchesChecked: number;
  pushesSent: number;
  pushesRetrying: number;
  subscriptionsRemoved: number;
  searchErrors: number;
}

export interface Worker {
  runOnce(options?: { treatAllDue?: boolean }): Promise<RoundReport>;
  start(): void;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The latest daily slot at or before `now`. */
export function lastDailySlot(now: Date, hourUtc: number): number {
  const slot = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), hourUtc);
  return slot <= now.getTime() ? slot : slot - 24 * 3600_000;
}

/** The latest weekly slot at or before `now`. */
export function lastWeeklySlot(now: Date, hourUtc: number, dayUtc: number): number {
  let slot = lastDailySlot(now, hourUtc);
  while (new Date(slot).getUTCDay() !== dayUtc) slot -= 24 * 3600_000;
  return slot;
}

/**
 * The worker role (ARCHITECTURE.md): e-mail digests of due alerts and web
 * pushes of browser alerts with new matches. It reads the notification store
 * (shared SQLite), asks the search service over HTTP, hands mail to the
 * Mailer (durable outbox) and posts pushes itself. Every step is recorded
 * before the next is taken, so a round can stop anywhere and the next one
 * finishes the job without sending anything twice:
 *
 * 1. A digest is written (digest row + its ads marked seen + the alert's last
 *    send) in one transaction, then handed to the mailer under the key
 *    `digest:<id>`; a digest written but not handed over (crash) is handed on
 *    the next round, and the mailer ignores a key it already has.
 * 2. A push is written as a pending delivery the same way, then posted; a 404
 *    or 410 removes the subscription, other failures retry with backoff.
 *
 * One worker process at a time (no leader election yet; see the decision).
 */
export function createWorker(options: WorkerOptions): Worker {
  const now = options.now ?? (() => new Date());
  const log = options.log ?? (() => {});
  const schedule = { ...DEFAULT_SCHEDULE, ...options.schedule };
  const store = new NotificationStore(options.dataDir);
  const act = ActTokens.fromDataDir(options.dataDir);
  let vapid: VapidDetails | undefined;
  const vapidDetails = () => (vapid ??= loadVapidDetails(options.dataDir));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<RoundReport> | undefined;
  let closed = false;

  function siteOf(row: { country: string; vertical_id: number }): AlertSite | undefined {
    try {
      return resolveSite(row.country, row.vertical_id, '');
    } catch {
      return undefined;
    }
  }

  function emailDue(alert: EmailAlertRow, at: Date): boolean {
    const slot =
      alert.frequency === 'weekly'
        ? lastWeeklySlot(at, schedule.digestHourUtc, schedule.weeklyDayUtc)
        : lastDailySlot(at, schedule.digestHourUtc);
    return (alert.last_checked_at ?? alert.created_at) < slot;
  }

  function pushDue(search: PushSearchRow, at: number): boolean {
    return at - (search.last_checked_at ?? search.created_at) >= schedule.pushIntervalMs;
  }

  /** What the alert has not shown yet, from its last send (minus a grace for late imports) or its creation. */
  async function newAdsOf(
    kind: 'email' | 'push',
    row: EmailAlertRow | PushSearchRow,
    site: AlertSite,
    report: RoundReport,
  ): Promise<DigestAd[] | undefined> {
    const sinceMs =
      row.last_sent_at === null ? row.created_at : Math.max(row.created_at, row.last_sent_at - LATE_IMPORT_GRACE_MS);
    const outcome = await findNewAds(
      options.searchBaseUrl(site.country, site.vertical),
      site,
      queryOf(row),
      Math.floor(sinceMs / 1000),
      options.fetchImpl,
    );
    if (!outcome.ok) {
      report.searchErrors++;
      log('alert search failed', { kind, alert: row.id, error: outcome.error, permanent: outcome.permanent });
      // A refused search is not retried until its next slot; an outage is retried next round.
      if (outcome.permanent) store.markChecked(kind, row.id, now().getTime(), false);
      return undefined;
    }
    const seen = store.seenAdIds(kind, row.id);
    return outcome.ads.filter((ad) => !seen.has(ad.id));
  }

  async function handOver(digestId: string, message: MailMessage): Promise<void> {
    await options.mailer.send(message);
    store.markDigestQueued(digestId);
  }

  async function emailRound(treatAllDue: boolean, report: RoundReport): Promise<void> {
    for (const d of store.digestsToQueue()) await handOver(d.id, JSON.parse(d.message) as MailMessage);
    const at = now();
    for (const alert of store.activeEmailAlerts()) {
      if (closed) return;
      if (!treatAllDue && !emailDue(alert, at)) continue;
      const site = siteOf(alert);
      if (!site) continue;
      report.emailAlertsChecked++;
      const ads = await newAdsOf('email', alert, site, report);
      if (ads === undefined) continue;
      const t = now().getTime();
      if (ads.length === 0) {
        store.markChecked('email', alert.id, t, false);
        continue;
      }
      const digestId = randomId();
      const message = renderDigest({
        digestId,
        alertId: alert.id,
        email: alert.email,
        site,
        query: queryOf(alert),
        frequency: alert.frequency === 'weekly' ? 'weekly' : 'daily',
        ads,
        publicBase: options.publicBaseUrl(site.country, site.vertical),
        actToken: act.issue(alert.id, alert.email, Math.floor(t / 1000)),
        originId: alert.frequency === 'weekly' ? ORIGIN_WEEKLY_DIGEST : ORIGIN_DAILY_DIGEST,
      });
      store.transaction(() => {
        store.insertDigest({
          id: digestId,
          alert_id: alert.id,
          created_at: t,
          ad_count: ads.length,
          message: JSON.stringify(message),
        });
        store.markSeen(
          'email',
          alert.id,
          ads.map((a) => a.id),
          t,
        );
        store.markChecked('email', alert.id, t, true);
      });
      await handOver(digestId, message);
      report.digestsQueued++;
      log('digest queued', { alert: alert.id, digest: digestId, ads: ads.length });
    }
  }

  async function pushRound(treatAllDue: boolean, report: RoundReport): Promise<void> {
    const at = now().getTime();
    for (const search of store.activePushSearches()) {
      if (closed) return;
      if (!treatAllDue && !pushDue(search, at)) continue;
      const site = siteOf(search);
      if (!site) continue;
      report.pushSearchesChecked++;
      const ads = await newAdsOf('push', search, site, report);
      if (ads === undefined) continue;
      const t = now().getTime();
      if (ads.length === 0) {
        store.markChecked('push', search.id, t, false);
        continue;
      }
      const sendId = randomId();
      const payload = renderPush({
        sendId,
        alertId: search.id,
        site,
        query: queryOf(search),
        ads,
        publicBase: options.publicBaseUrl(site.country, site.vertical),
      });
      store.transaction(() => {
        store.insertPushDelivery(
          {
            id: sendId,
            subscription_id: search.subscription_id,
            search_id: search.id,
            payload: JSON.stringify(payload),
          },
          t,
        );
        store.markSeen(
          'push',
          search.id,
          ads.map((a) => a.id),
          t,
        );
        store.markChecked('push', search.id, t, true);
      });
    }
    await deliverPushes(report);
  }

  async function deliverPushes(report: RoundReport): Promise<void> {
    for (const d of store.duePushDeliveries(now().getTime())) {
      if (closed) return;
      const sub = store.pushSubscription(d.subscription_id);
      if (!sub) {
        store.updatePushDelivery(d.id, { status: 'gone', attempts: d.attempts });
        continue;
      }
      const outcome = await sendWebPush(sub, d.payload, vapidDetails());
      const attempts = d.attempts + 1;
      const t = now().getTime();
      if (outcome.kind === 'sent') {
        store.updatePushDelivery(d.id, { status: 'sent', attempts, sent_at: t });
        report.pushesSent++;
      } else if (outcome.kind === 'gone') {
        store.deletePushSubscription(sub.id);
        store.updatePushDelivery(d.id, {
          status: 'gone',
          attempts,
          last_error: `push service answered ${outcome.status}`,
        });
        report.subscriptionsRemoved++;
        log('push subscription gone', { subscription: sub.id, status: outcome.status });
      } else {
        const delay = PUSH_BACKOFF_MS[attempts - 1];
        if (delay === undefined) {
          store.updatePushDelivery(d.id, { status: 'failed', attempts, last_error: outcome.error });
        } else {
          store.updatePushDelivery(d.id, {
            status: 'pending',
            attempts,
            next_attempt_at: t + delay,
            last_error: outcome.error,
          });
          report.pushesRetrying++;
        }
        log('push delayed', { delivery: d.id, attempts, error: outcome.error });
      }
    }
  }

  async function round(treatAllDue: boolean): Promise<RoundReport> {
    const report: RoundReport = {
      emailAlertsChecked: 0,
      digestsQueued: 0,
      pushSearchesChecked: 0,
      pushesSent: 0,
      pushesRetrying: 0,
      subscriptionsRemoved: 0,
      searchErrors: 0,
    };
    await emailRound(treatAllDue, report);
    await pushRound(treatAllDue, report);
    store.pruneSeen(now().getTime() - SEEN_RETENTION_MS);
    return report;
  }

  const worker: Worker = {
    async runOnce(o = {}) {
      if (closed) throw new Error('worker: closed');
      // One round at a time: a second call waits for the first, then runs.
      while (running) await running.catch(() => undefined);
      running = round(o.treatAllDue ?? false);
      try {
        return await running;
      } finally {
        running = undefined;
      }
    },
    start() {
      if (timer || closed) return;
      const tick = () => {
        if (running) return;
        worker
          .runOnce()
          .then((r) => {
            if (r.digestsQueued + r.pushesSent + r.subscriptionsRemoved > 0) log('alert round', { ...r });
          })
          .catch((error: unknown) => log('alert round failed', { error: String((error as Error)?.stack ?? error) }));
      };
      timer = setInterval(tick, schedule.tickMs);
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
    async close() {
      await worker.stop();
      closed = true;
      store.close();
    },
  };
  return worker;
}
