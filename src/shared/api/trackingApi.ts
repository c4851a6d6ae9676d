import { ApiTrackingError } from './errors';
import type { HttpClient } from './http';

export type TrackingPath =
  | '/page/views'
  | '/listing/impressions'
  | '/listing/clicks'
  | '/source/leads'
  | '/source/lead-impressions'
  | '/notification/browser/permissions'
  | '/notification/browser/statuses'
  | '/notification/browser/events'
  | '/notification/email/events'
  | '/notification/email/open'
  | '/internal/click'
  | '/source/adsense';

export interface TrackingDocument {
  type: string;
  attributes: Record<string, unknown>;
}

/** The tracking service (service-calls spec §7). Posts with no user ip or an empty body are skipped. */
export interface TrackingApi {
  send(
    path: TrackingPath,
    documents: TrackingDocument[] | Record<string, unknown>,
    options?: { keepalive?: boolean },
  ): Promise<void>;
}

export function createTrackingApi(http: HttpClient, base: string): TrackingApi {
  return {
    async send(path, documents, options = {}) {
      const empty = Array.isArray(documents) ? documents.length === 0 : Object.keys(documents).length === 0;
      if (empty) return;
      const body = Array.isArray(documents) ? { data: documents } : documents;
      await http.request(
        'tracking',
        `${base}/tracking${path}`,
        { method: 'POST', body, keepalive: options.keepalive },
        (message, code, status, reason) => new ApiTrackingError(message, code, status, reason),
      );
    },
  };
}
