import express from 'express';
import { JSONAPI_MEDIA_TYPE, ServiceError } from '../jsonapi';

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
 * Refuses a body the JSON parser did not read (another media type) with a
 * 415, instead of treating it as empty. Use after `jsonBodies`.
 */
export function requireJsonBody(req: express.Request, _res: express.Response, next: express.NextFunction): void {
  if (req.body === undefined && hasBody(req)) {
    next(
      new ServiceError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the body as ${JSONAPI_MEDIA_TYPE} (or application/json), not ${req.headers['content-type'] ?? 'untyped'}.`,
      ),
    );
    return;
  }
  next();
}
