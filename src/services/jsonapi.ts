import { STATUS_CODES } from 'node:http';
import type { ErrorRequestHandler, RequestHandler, Response, Router } from 'express';
import { z, ZodError, type ZodType } from 'zod';

/** The JSON:API media type every service speaks (service-calls spec §7). */
export const JSONAPI_MEDIA_TYPE = 'application/vnd.api+json';

export interface JsonApiErrorObject {
  status: string;
  code: string;
  title: string;
  detail: string;
  source?: { parameter?: string; pointer?: string };
}

/** A failure a service answers on purpose: its status, a stable code and a readable detail. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly source?: JsonApiErrorObject['source'],
  ) {
    super(detail);
    this.name = 'ServiceError';
  }

  static badParameter(parameter: string, detail: string): ServiceError {
    return new ServiceError(400, 'INVALID_PARAMETER', detail, { parameter });
  }

  static notFound(detail: string, code = 'NOT_FOUND'): ServiceError {
    return new ServiceError(404, code, detail);
  }

  toJson(): JsonApiErrorObject {
    return {
      status: String(this.status),
      code: this.code,
      title: titleOf(this.status),
      detail: this.detail,
      ...(this.source ? { source: this.source } : {}),
    };
  }
}

function titleOf(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** What `allowedMethods` reads of an Express router: its layers, their routes and sub-routers. */
interface RouterLike {
  stack: {
    match(path: string): false | { path: string };
    route?: { _methods(): string[] };
    handle: unknown;
  }[];
}

function isRouter(handle: unknown): handle is RouterLike {
  return typeof handle === 'function' && Array.isArray((handle as Partial<RouterLike>).stack);
}

/** The methods the routes of `router` (and of the routers it mounts) answer at `path`, sorted. */
export function allowedMethods(router: RouterLike, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.stack) {
    let matched: ReturnType<RouterLike['stack'][number]['match']>;
    try {
      matched = layer.match(path);
    } catch {
      continue; // a parameter that does not decode: the route's own call answers that with a 400
    }
    if (!matched) continue;
    if (layer.route) for (const method of layer.route._methods()) methods.add(method);
    else if (isRouter(layer.handle))
      for (const method of allowedMethods(layer.handle, path.slice(matched.path.length) || '/')) methods.add(method);
  }
  return [...methods].sort();
}

/**
 * For the end of a service's router: a call to a path some route answers, with a method none of
 * them takes, is a 405 (for the router's error handler) naming the methods in `Allow` (RFC 9110
 * §15.5.6); any other call goes on.
 * `mountedAt`: where this handler sits in `router`, when it is used under a path of it.
 */
export function methodNotAllowed(router: Router, mountedAt = ''): RequestHandler {
  return (req, res, next) => {
    const allow = allowedMethods(router as unknown as RouterLike, mountedAt + req.path);
    if (allow.length === 0) {
      next();
      return;
    }
    res.set('Allow', allow.join(', '));
    next(new ServiceError(405, 'METHOD_NOT_ALLOWED', `This path takes ${allow.join(', ')}, not ${req.method}.`));
  };
}

/**
 * Writes a JSON:API document with the right media type. No cache keeps an error document, whatever
 * its handler had set for the answer it meant to give.
 */
export function sendDocument(res: Response, status: number, document: Record<string, unknown>): void {
  if (status >= 400) res.set('Cache-Control', 'no-store');
  res.status(status).type(JSONAPI_MEDIA_TYPE).send(JSON.stringify(document));
}

export function sendErrors(res: Response, errors: ServiceError[]): void {
  const status = errors[0]?.status ?? 500;
  sendDocument(res, status, { errors: errors.map((e) => e.toJson()) });
}

/**
 * A string field that must be given: `required` ("is required") when it is absent, "must be a
 * string" when it is of another type (a number, a list, a repeated query parameter).
 */
export function requiredString(required = 'is required') {
  return z.string({ error: (issue) => (issue.input === undefined ? required : 'must be a string') });
}

/** An integer, sent as a JSON number or a string of digits (be liberal in what we accept). */
export const intLike = (min: number, max: number) =>
  z
    .union([
      z.number().int('must be an integer'),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,12}$/, 'must be an integer')
        .transform(Number),
    ])
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

/**
 * Parses request input with a zod schema; a failure becomes a 400 naming the
 * first offending parameter (query parameter name, or body pointer).
 */
export function parseInput<T>(schema: ZodType<T>, input: unknown, where: 'query' | 'body' = 'query'): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw fromZodError(result.error, where, input);
}

/** The value at a zod issue's path in what was parsed. */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path)
    value = value && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

export function fromZodError(error: ZodError, where: 'query' | 'body', input?: unknown): ServiceError {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const name =
    where === 'query'
      ? path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('')
      : `/${path.map(String).join('/')}`;
  const value = valueAt(input, path);
  // A query parameter given twice (`?what=a&what=b`) arrives as an array.
  const repeated = where === 'query' && issue?.code === 'invalid_type' && Array.isArray(value);
  // A field not given at all is missing, whatever type it should have had ("expected string, received undefined").
  const missing = input !== undefined && issue?.code === 'invalid_type' && value === undefined;
  const detail = repeated
    ? `${name} takes one value`
    : `${name || 'request'}: ${missing ? 'is required' : (issue?.message ?? 'is invalid')}`;
  return new ServiceError(
    400,
    'INVALID_PARAMETER',
    detail,
    where === 'query' ? { parameter: name } : { pointer: name },
  );
}

/** Whether a body the JSON parser refused is JSON all the same (`null`, `2`: its strict mode takes objects and arrays). */
function isJson(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * The error a client caused, as a `ServiceError`: typed errors as they are, a zod error as the
 * body's, a malformed or oversized body, a path whose percent-encoding does not decode (Express's
 * router throws a URIError with status 400), or any other error Express or body-parser marks as
 * the client's (4xx, `expose`). Undefined for the service's own failures.
 */
export function clientErrorOf(err: unknown): ServiceError | undefined {
  if (err instanceof ServiceError) return err;
  if (err instanceof ZodError) return fromZodError(err, 'body');
  const e = err as { type?: string; status?: number; expose?: boolean } | null;
  if (e?.type === 'entity.parse.failed')
    return new ServiceError(
      400,
      'MALFORMED_BODY',
      isJson((err as { body?: unknown }).body)
        ? 'The request body must be a JSON object or array.'
        : 'The request body is not valid JSON.',
    );
  if (e?.type === 'entity.too.large') return new ServiceError(413, 'BODY_TOO_LARGE', 'The request body is too large.');
  if (e?.type === 'parameters.too.many')
    return new ServiceError(413, 'TOO_MANY_PARAMETERS', 'The request body has more fields than this call takes.');
  const status = e?.status;
  if (typeof status !== 'number' || status < 400 || status > 499) return undefined;
  if (err instanceof URIError)
    return new ServiceError(400, 'MALFORMED_PATH', 'The request path is not valid percent-encoding.');
  if (status === 415)
    return new ServiceError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'The request body is in an encoding or charset this service does not read.',
    );
  if (e?.expose) return new ServiceError(status, 'BAD_REQUEST', 'The request could not be read.');
  return undefined;
}

/**
 * The services' error middleware: what a client caused becomes its JSON:API error
 * (`clientErrorOf`), anything else a 500 that says nothing inside.
 */
export function jsonApiErrorHandler(log?: (err: unknown) => void): ErrorRequestHandler {
  return (err, _req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const known = clientErrorOf(err);
    if (known) {
      sendErrors(res, [known]);
      return;
    }
    log?.(err);
    sendErrors(res, [new ServiceError(500, 'INTERNAL', 'The service failed to answer.')]);
  };
}
