import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import { createClickoutServices, type ClickoutServices } from '../../../src/services/clickout/createClickoutServices';
import type { MailMessage, Mailer } from '../../../src/services/mail/Mailer';
import { createSearchService, type SearchService } from '../../../src/services/search/createSearchService';
import type { AdInput, Source } from '../../../src/services/search/types';

/** A Mailer that keeps what it is given (and can be told to fail). */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failNext = false;
  async send(message: MailMessage): Promise<{ id: string }> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('outbox unavailable');
    }
    this.sent.push(message);
    return { id: `mail-${this.sent.length}` };
  }
  async flush(): Promise<number> {
    return 0;
  }
  close(): void {}
}

/** A settable clock. */
export class Clock {
  constructor(public time = new Date('2025-06-01T12:00:00Z')) {}
  now = (): Date => new Date(this.time);
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}

export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
export const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const source = (id: number, over: Partial<Source> = {}): Source => ({
  id,
  name: `Partner ${id}`,
  image: `/media/logo/${id}.svg`,
  country: 'es',
  vertical: 'homes',
  contactEmail: `contact${id}@partner.example`,
  contactPhone: '+34 600000000',
  hasAdpageForm: true,
  campaigns: [],
  ...over,
});

/** Sources of the fixture: 1 paid (0.12 mobile / 0.20 desktop), 2 unpaid without form, 3 paid on uk/cars, 4 inactive campaign. */
export const SOURCES: Source[] = [
  source(1, { name: 'Casas Uno', campaigns: [{ id: 11, cpcMobile: 0.12, cpcDesktop: 0.2, active: true }] }),
  source(2, { name: 'Barato Pisos', hasAdpageForm: false }),
  source(3, {
    name: 'Motors UK',
    country: 'uk',
    vertical: 'cars',
    campaigns: [{ id: 31, cpcMobile: 0.3, cpcDesktop: 0.5, active: true }],
  }),
  source(4, { name: 'Zeta Homes', campaigns: [{ id: 41, cpcMobile: 0.1, cpcDesktop: 0.15, active: false }] }),
];

const ad = (id: string, sourceId: number, over: Partial<AdInput> = {}): AdInput => ({
  id,
  country: 'es',
  vertical: 'homes',
  sourceId,
  partnerAdId: `p-${id}`,
  url: `https://partner${sourceId}.example/ads/${id}`,
  title: `Flat ${id} <b>bright</b>`,
  description: 'A flat',
  date: 1748779200 - 86400,
  location: { city: 'Madrid' },
  images: [],
  currency: 'EUR',
  typeId: 1,
  homes: { propertyType: 'flat' },
  ...over,
});

export const ADS: AdInput[] = [
  ad('es-paid-1', 1),
  ad('es-paid-2', 1),
  ad('es-free-1', 2),
  ad('es-inactive-1', 4),
  ad('es-expired-1', 1, { expired: true }),
  ad('es-badurl-1', 1, { url: 'javascript:alert(1)' }),
  ad('uk-car-1', 3, {
    country: 'uk',
    vertical: 'cars',
    currency: 'GBP',
    typeId: undefined,
    homes: undefined,
    cars: { make: 'Ford', model: 'Focus' },
    url: 'https://motors.example/cars/1',
  }),
];

export interface ClickoutApp {
  base: string;
  server: http.Server;
  search: SearchService;
  services: ClickoutServices;
  mailer: RecordingMailer;
  clock: Clock;
  dataDir: string;
  reportToken: string;
  /** A supertest request against the listening server. */
  http: ReturnType<typeof request>;
  close(): Promise<void>;
}

/** The services on a fresh temp data dir with the fixture's sources and ads, listening on 127.0.0.1. */
export async function clickoutApp(options: { trustProxy?: number } = {}): Promise<ClickoutApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-clickout-'));
  const clock = new Clock();
  const search = createSearchService({ dataDir, now: clock.now });
  await search.store.putSources(SOURCES);
  await search.store.writeAds(ADS);
  const mailer = new RecordingMailer();
  const reportToken = 'test-report-token-0123456789';
  const services = createClickoutServices({
    dataDir,
    searchStore: search.store,
    mailer,
    now: clock.now,
    reportToken,
  });
  const app = express();
  app.set('trust proxy', options.trustProxy ?? 0);
  app.use('/api/metrics', services.metricsRouter);
  app.use('/api', services.apiRouter);
  app.get('/metrics', services.metrics.handler);
  const server = await new Promise<http.Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  server.keepAliveTimeout = 1000;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    server,
    search,
    services,
    mailer,
    clock,
    dataDir,
    reportToken,
    http: request(base),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      services.close();
      search.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A click-out body as the spec's browser sends it. */
export function clickBody(adId: string, over: { site?: [string, string]; cookie?: string; extra?: object } = {}) {
  const [country, vertical] = over.site ?? ['es', 'homes'];
  return {
    data: {
      type: 'clicks',
      attributes: {
        ad: { id: adId, position: 3 },
        site: { country_code: country, vertical_name: vertical },
        section: { id: 1, type_id: 2 },
        search: { page_number: 1, type_id: 1, what: 'flat' },
        user: { cookie_id: over.cookie ?? 'cookie-a', origin_id: 2, campaigns_list: [] },
        tracking: { page_view_id: 'pv-1', code: 'tc' },
        ab_test: { id: '1530540436', option: 'B', platform: 'mobile' },
        ...over.extra,
      },
    },
    options: { is_force_no_adpage: false },
  };
}

export const JSONAPI = 'application/vnd.api+json';
