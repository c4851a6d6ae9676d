/**
 * Error classes of the service-calls spec §8: each carries a code, a message
 * and the HTTP status, so sagas and the render pipeline can branch on them.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | number,
    readonly status: number,
    /** The service's own name for the failure (its `errors[0].code`: NO_RESULTS, API_TIMEOUT_ERROR ...). */
    readonly reason?: string,
    /** The error document's `meta`, where the service gives one. */
    readonly meta?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export class ApiSearchError extends ApiError {
  override name = 'ApiSearchError';
}
export class ApiClickoutError extends ApiError {
  override name = 'ApiClickoutError';
}
export class ApiTrackingError extends ApiError {
  override name = 'ApiTrackingError';
}
export class ApiNotificationError extends ApiError {
  override name = 'ApiNotificationError';
}
export class ApiSuggestionsError extends ApiError {
  override name = 'ApiSuggestionsError';
}

export const API_TIMEOUT_ERROR = 'API_TIMEOUT_ERROR';
/** A call that got no answer at all: no connection, the server unreachable. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error message';
export const NO_RESULTS_MESSAGE = 'No results for this query';

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
