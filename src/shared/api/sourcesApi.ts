import { ApiError } from './errors';
import type { HttpClient } from './http';

class ApiSourcesError extends ApiError {
  override name = 'ApiSourcesError';
}

export interface LeadInput {
  adId: string;
  ad: { title: string; url: string };
  sourceAd: { id: string; url: string; email: string | null; sourceId: number };
  country: string;
  vertical: string;
  user: { name: string; email: string; phone?: string; message: string };
}

/** The sources service (service-calls spec §7 "Sources service"). */
export interface SourcesApi {
  topPlayers(
    countryCode: string,
    verticalId: number,
  ): Promise<{ data: Array<{ attributes: { name: string; image: string } }> }>;
  lead(input: LeadInput): Promise<{ data: { id: string } }>;
}

export function createSourcesApi(http: HttpClient, base: string): SourcesApi {
  const makeError = (message: string, code: string | number, status: number) =>
    new ApiSourcesError(message, code, status);
  return {
    topPlayers: (countryCode, verticalId) =>
      http.request('topPlayers', `${base}/sources/topPlayers`, { query: { countryCode, verticalId } }, makeError),
    lead: ({ adId, ...attributes }) =>
      http.request(
        'lead',
        `${base}/sources/lead/${encodeURIComponent(adId)}`,
        { method: 'POST', body: { data: { type: 'leads', attributes: { ...attributes, adId } } } },
        makeError,
      ),
  };
}
