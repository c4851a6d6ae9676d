import express from 'express';
import { USER_AGENT_MAX_LENGTH } from '../../shared/domain/constants';
import { jsonBodies, requireJsonBody } from '../bodies';
import type { EventRecord, EventStore, ImpressionRecord } from '../events/EventStore';
import { ServiceError, clientErrorOf, fromZodError, methodNotAllowed, sendDocument } from '../jsonapi';
import type { Metrics } from '../metrics/createMetrics';
import {
  ATTRIBUTES,
  FLAT_PATHS,
  TRACKING_PATHS,
  attributesOfFlat,
  typeKey,
  type DocumentType,
  type TrackingPath,
} from './trackingDocuments';

export interface TrackingDeps {
  events: EventStore;
  metrics: Metrics;
  now: () => Date;
  log?: (msg: string, extra?: object) => void;
}

/** Documents per post at most (an impression batch is 15, spec §9). */
export const MAX_DOCUMENTS_PER_POST = 50;

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type Resource = { type?: unknown; attributes?: unknown };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Empty: no body, `{}`, `{"data": null}`, `{"data": []}` or `{"data": {}}`: skipped silently (spec §5). */
export function isEmptyBody(body: unknown): boolean {
  if (body === undefined || body === null) return true;
  if (Array.isArray(body)) return body.length === 0;
  if (!isObject(body)) return false;
  if (Object.keys(body).length === 0) return true;
  if (!('data' in body)) return false;
  const data = body.data;
  return (
    data === null || (Array.isArray(data) && data.length === 0) || (isObject(data) && Object.keys(data).length === 0)
  );
}

/** The resources of a body: JSON:API `data` (one or a list), or a flat object on the flat paths. */
function resourcesOf(body: unknown, path: TrackingPath, type: DocumentType): Resource[] {
  if (isObject(body) && 'data' in body) {
    const data = body.data;
    if (Array.isArray(data)) return data as Resource[];
    if (isObject(data)) return [data];
    throw new ServiceError(400, 'INVALID_DOCUMENT', '/data: must be a resource object or a list of them', {
      pointer: '/data',
    });
  }
  if (isObject(body) && FLAT_PATHS.has(path)) return [{ type, attributes: attributesOfFlat(body) }];
  throw new ServiceError(400, 'INVALID_DOCUMENT', '/data: is required (a JSON:API document)', { pointer: '/data' });
}

/** The tracking error shape of spec §7: `reason`, and `errors[].error` and `errors[].status`. */
function sendTrackingError(res: express.Response, error: ServiceError): void {
  const json = error.toJson();
  sendDocument(res, error.status, { reason: json.title, errors: [{ ...json, error: error.detail }] });
}

/**
 * Every POST `/tracking/...` path of spec §7, mounted under `/api`: each
 * document is validated, its ip settled, and the post's documents are
 * appended in one transaction (with one impression row per ad shown). A
 * post with an empty body, or whose documents all lack a user ip, is
 * skipped silently: 204. Stored: 201 with the documents' ids.
 */
export function createTrackingRouter(deps: TrackingDeps): express.Router {
  const router = express.Router();
  // text/plain too: navigator.sendBeacon posts strings as text/plain.
  router.use('/tracking', jsonBodies('100kb', ['text/plain']));

  for (const [path, type] of Object.entries(TRACKING_PATHS) as [TrackingPath, DocumentType][]) {
    router.post(`/tracking${path}`, requireJsonBody, async (req, res) => {
      const body: unknown = req.body;
      if (isEmptyBody(body)) {
        res.status(204).end();
        return;
      }
      const resources = resourcesOf(body, path, type);
      if (resources.length > MAX_DOCUMENTS_PER_POST) {
        throw new ServiceError(400, 'TOO_MANY_DOCUMENTS', `/data: at most ${MAX_DOCUMENTS_PER_POST} documents a post`, {
          pointer: '/data',
        });
      }
      const at = deps.now();
      const requestAgent = (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH);
      const records: EventRecord[] = [];
      resources.forEach((resource, index) => {
        const pointer = Array.isArray((body as { data?: unknown }).data) ? `/data/${index}` : '/data';
        if (!isObject(resource)) {
          throw new ServiceError(400, 'INVALID_DOCUMENT', `${pointer}: must be a resource object`, { pointer });
        }
        if (typeof resource.type !== 'string' || typeKey(resource.type) !== typeKey(type)) {
          throw new ServiceError(
            400,
            'UNKNOWN_DOCUMENT_TYPE',
            `${pointer}/type: ${JSON.stringify(resource.type ?? null)} is not a document of this path; send '${type}'`,
            { pointer: `${pointer}/type` },
          );
        }
        const parsed = ATTRIBUTES[type].safeParse(resource.attributes ?? {});
        if (!parsed.success) throw prefixed(fromZodError(parsed.error, 'body'), `${pointer}/attributes`);
        const attributes = parsed.data;
        const record = toRecord(type, attributes, at, req.ip ?? '', requestAgent);
        if (record) records.push(record);
      });
      if (records.length === 0) {
        res.status(204).end();
        return;
      }
      const ids = await deps.events.appendEvents(records);
      deps.metrics.trackingDocuments.inc({ type }, records.length);
      sendDocument(res, 201, {
        data: ids.map((id) => ({ type, id: String(id) })),
        meta: { stored: records.length, skipped: resources.length - records.length },
      });
    });
  }

  // The open pixel of the alert e-mails (src/worker/renderDigest.ts): a GET with the flat fields in the query.
  router.get('/tracking/notification/email/open', async (req, res) => {
    const query = Object.fromEntries(
      Object.entries(req.query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const parsed = ATTRIBUTES['email-opens'].safeParse(attributesOfFlat(query));
    if (!parsed.success) throw fromZodError(parsed.error, 'query');
    // An open of no alert (a crawler, a link cut short) is no open: the image all the same, nothing stored.
    const record =
      parsed.data.alert_id == null
        ? undefined
        : toRecord(
            'email-opens',
            parsed.data,
            deps.now(),
            req.ip ?? '',
            (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX_LENGTH),
          );
    if (record) {
      await deps.events.appendEvents([record]);
      deps.metrics.trackingDocuments.inc({ type: 'email-opens' });
    }
    res.status(200).set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, private' }).send(PIXEL);
  });

  router.use('/tracking', methodNotAllowed(router, '/tracking'));
  router.use('/tracking', (req, _res, next) => {
    next(new ServiceError(404, 'NOT_FOUND', `No tracking call ${req.method} ${req.originalUrl.split('?')[0]}`));
  });

  router.use('/tracking', ((err, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let error = clientErrorOf(err);
    if (!error) {
      deps.log?.('tracking service failed', { err: String(err) });
      error = new ServiceError(500, 'INTERNAL', 'The service failed to answer.');
    }
    sendTrackingError(res, error);
  }) as express.ErrorRequestHandler);

  return router;
}

/** A body-pointer error re-rooted under `prefix` (zod paths are relative to the attributes). */
function prefixed(error: ServiceError, prefix: string): ServiceError {
  const pointer = `${prefix}${error.source?.pointer === '/' ? '' : (error.source?.pointer ?? '')}`;
  return new ServiceError(error.status, error.code, `${prefix}${error.detail}`, { pointer });
}

/** The stored record of a document, or undefined when it has no user ip (skipped, spec §5). */
function toRecord(
  type: DocumentType,
  attributes: Record<string, unknown>,
  at: Date,
  requestIp: string,
  requestAgent: string,
): EventRecord | undefined {
  const user = (attributes.user ?? undefined) as
    { ip?: string | null; agent?: string | null; cookie_id?: string | null } | undefined;
  // An ip field sent empty means the sender knew of no ip: skip. No ip field: the request's (trust proxy honoured).
  const ip = user && 'ip' in user ? (user.ip ?? '') : requestIp;
  if (!ip) return undefined;
  const site = attributes.site as { country_code?: string; vertical_id?: number | null } | null | undefined;
  const search = attributes.search as { filters?: Record<string, unknown> | null } | null | undefined;
  const doc = search
    ? { ...attributes, search: { ...search, filters: { sort: 'relevance', ...(search.filters ?? {}) } } }
    : attributes;
  return {
    type,
    at,
    country: site?.country_code ?? null,
    verticalId: site?.vertical_id ?? null,
    cookieId: user?.cookie_id ?? null,
    ip,
    userAgent: (user?.agent || requestAgent).slice(0, USER_AGENT_MAX_LENGTH) || null,
    doc,
    ...(type === 'ad_impressions' ? { impressions: impressionsOf(attributes) } : {}),
  };
}

function impressionsOf(attributes: Record<string, unknown>): ImpressionRecord[] {
  const section = attributes.section as { id?: number | null } | null | undefined;
  const ads = (attributes.ads ?? []) as {
    id: string;
    source_id?: number | null;
    position?: number | null;
    section_id?: number | null;
  }[];
  return ads.map((ad) => ({
    adId: ad.id,
    sourceId: ad.source_id ?? null,
    position: ad.position ?? null,
    sectionId: ad.section_id ?? section?.id ?? null,
  }));
}
