import express from 'express';
import { JSONAPI_MEDIA_TYPE, ServiceError } from './jsonapi';

/** The media types our JSON services read: JSON:API, and plain JSON to be liberal. */
export const JSON_TYPES = [JSONAPI_MEDIA_TYPE, 'application/json'];

/** Parses JSON:API and JSON bodies (plus `extraTypes`); a malformed body becomes a 400 in the error handler. */
export function jsonBodies(limit = '100kb', extraTypes: string[] = []): express.RequestHandler {
  return express.json({ type: [...JSON_TYPES, ...extraTypes], limit });
}

/** True when the request carries a body (whatever its type). */
export function hasBody(req: express.Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Refuses a body the parser before it did not read (another media type) with a 415 saying what to
 * send (`expected`), instead of treating it as empty.
 */
export function requireParsedBody(expected: string): express.RequestHandler {
  return (req, _res, next) => {
    if (req.body === undefined && hasBody(req)) {
      next(
        new ServiceError(
          415,
          'UNSUPPORTED_MEDIA_TYPE',
          `Send the body as ${expected}, not ${req.headers['content-type'] ?? 'untyped'}.`,
        ),
      );
      return;
    }
    next();
  };
}

const JSON_EXPECTED = `${JSONAPI_MEDIA_TYPE} (or application/json)`;

/** `requireParsedBody` for what `jsonBodies` reads. */
export const requireJsonBody = requireParsedBody(JSON_EXPECTED);

/** One handler: `parse`, then `requireParsedBody(expected)`. */
export function parsedBody(parse: express.RequestHandler, expected: string): express.RequestHandler {
  const check = requireParsedBody(expected);
  return (req, res, next) => parse(req, res, (err?: unknown) => (err ? next(err) : check(req, res, next)));
}

/** A JSON body of at most `limit`, or none; a body of another type is a 415. */
export function jsonBodyOnly(limit: string): express.RequestHandler {
  return parsedBody(jsonBodies(limit), JSON_EXPECTED);
}
