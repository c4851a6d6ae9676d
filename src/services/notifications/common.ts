import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { jsonBodyOnly, parsedBody } from '../bodies';
import { intLike, ServiceError } from '../jsonapi';
import type { NotificationStore } from './NotificationStore';
import { cleanFilters, type AlertQuery, type FilterValue } from './searchRules';

export const HOUR_MS = 3_600_000;

/** Creation limits (docs/decisions/032-alert-rules.md). */
export const RATE_LIMITS = {
  emailAlertPerAddress: 10,
  emailAlertPerIp: 30,
  createUserPerIp: 10,
  pushSubscriptionPerIp: 30,
  pushSearchPerSubscription: 20,
  pushSearchPerIp: 30,
} as const;

/** A JSON body, or none; a body of another type is a 415. */
export const jsonBody = jsonBodyOnly('32kb');
/** A form body, or none; a body of another type is a 415. */
export const formBody = parsedBody(
  express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 50 }),
  'application/x-www-form-urlencoded',
);

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** Counts a creation in each bucket; over a limit, a 429 with Retry-After and nothing counted. */
export function takeRate(
  store: NotificationStore,
  res: Response,
  buckets: { key: string; limit: number }[],
  now: number,
): void {
  const result = store.takeRate(buckets, HOUR_MS, now);
  if (!result.ok) {
    res.setHeader('Retry-After', String(Math.ceil(result.retryAfterMs / 1000)));
    throw new ServiceError(429, 'RATE_LIMITED', 'Too many alerts created from here in the last hour; try again later.');
  }
}

const filterValue: z.ZodType<FilterValue> = z.union([
  z.string().max(200),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string().max(100), z.number()])).max(30),
  z.object({ min: z.number().optional(), max: z.number().optional() }).strict(),
]);

/** The spec's search query: what, filters, vertical_properties (where, deal_type_id). */
export const searchQuerySchema = z.object({
  what: z.string().max(1000).optional(),
  filters: z
    .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'filter names are letters, digits and _'), filterValue)
    .refine((f) => Object.keys(f).length <= 30, 'at most 30 filters')
    .optional(),
  vertical_properties: z
    .object({
      where: z.string().max(1000).nullable().optional(),
      deal_type_id: intLike(0, 100_000).nullable().optional(),
    })
    .optional(),
});

export type SearchQueryInput = z.output<typeof searchQuerySchema>;

export function queryFromInput(q: SearchQueryInput): AlertQuery {
  return {
    what: q.what ?? '',
    where: q.vertical_properties?.where ?? '',
    dealTypeId: q.vertical_properties?.deal_type_id || null,
    filters: cleanFilters(q.filters ?? {}),
  };
}

export const siteSchema = z.object({
  country_code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'must be a two-letter country code'),
  vertical_id: intLike(0, 1_000),
});

export const contextSchema = z
  .object({
    section_id: intLike(0, 1_000_000).optional(),
    origin_id: intLike(0, 1000).optional(),
    device_type: intLike(0, 100).optional(),
    total_results: intLike(0, 1_000_000_000).optional(),
  })
  .optional();

/** Optional site filter of list and operation calls (`country_code`, `vertical_id`, `vv`). */
export const siteQuerySchema = z.object({
  country_code: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2}$/, 'must be a two-letter country code')
    .optional(),
  vertical_id: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a vertical id')
    .transform(Number)
    .optional(),
  vv: z.string().max(50).optional(),
});

export function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
