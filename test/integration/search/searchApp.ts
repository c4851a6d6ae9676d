import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { JSONAPI_MEDIA_TYPE } from '../../../src/services/jsonapi';
import { seedDemoData } from '../../../src/services/demo/seedDemoData';
import { Gazetteer } from '../../../src/services/places/Gazetteer';
import { createSearchService, type SearchService } from '../../../src/services/search/createSearchService';
import type { SiteKey } from '../../../src/services/search/types';
import { loadOpenApi } from '../../support/openapi';

/** The fixed clock of the search tests. */
export const NOW = new Date('2025-06-01T12:00:00Z');

export const openApi = loadOpenApi('docs/api/search.openapi.yaml');

export interface SearchApp {
  app: express.Express;
  service: SearchService;
  dataDir: string;
  close(): void;
}

/** A small app mounting the search service's routers on a fresh temp data dir, seeded with `sites`. */
export async function searchApp(sites: SiteKey[], perSite = 160): Promise<SearchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-'));
  const service = createSearchService({ dataDir, now: () => NOW });
  if (sites.length > 0) {
    await seedDemoData({
      store: service.store,
      gazetteer: Gazetteer.shared(),
      now: Math.floor(NOW.getTime() / 1000),
      sites,
      perSite,
    });
  }
  const app = express();
  app.use('/api/sites', service.sitesRouter);
  app.use('/api', service.keywordsRouter);
  app.use('/partner', service.partnerRouter);
  app.use('/media', service.mediaRouter);
  return {
    app,
    service,
    dataDir,
    close() {
      service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type AdJson = { id: string; attributes: Record<string, unknown> & { vertical_properties: Record<string, unknown> } };

export function adsOf(body: Record<string, unknown>): AdJson[] {
  return body.data as AdJson[];
}

export function priceOf(ad: AdJson): number {
  return (ad.attributes.vertical_properties.price as { value: number }).value;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON:API bodies are read loosely in tests
export type Body = Record<string, any>;

/** GETs a URL of the app, expects a status and the JSON:API media type, and checks the body against the OpenAPI document. */
export async function getChecked(app: SearchApp['app'], url: string, template: string, status = 200): Promise<Body> {
  const res = await request(app).get(url);
  expect(res.status, `${url}: ${res.text.slice(0, 300)}`).to.equal(status);
  expect(res.headers['content-type']).to.contain(JSONAPI_MEDIA_TYPE);
  const body = JSON.parse(res.text) as Body;
  openApi.check(template, status, body);
  return body;
}
