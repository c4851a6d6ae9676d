/**
 * The A/B-test store and CV store settings of service-calls spec §9, as
 * configuration. Trawl assigns experiments locally (decision 007), so no
 * remote store is called today; a deployment that adds one reads its retry
 * and time-out policy from here.
 */
export interface RemoteStoreSettings {
  /** Wait between connection attempts. */
  readonly retryEveryMs: number;
  readonly maxAttempts: number;
  /** Give up retrying after this long in all. */
  readonly totalMs: number;
  /** A read that takes longer counts as a miss. */
  readonly readTimeoutMs: number;
}

export const AB_TEST_STORE: RemoteStoreSettings = {
  retryEveryMs: 10_000,
  maxAttempts: 10,
  totalMs: 3_600_000,
  readTimeoutMs: 200,
};

export const CV_STORE: RemoteStoreSettings = {
  retryEveryMs: 10_000,
  maxAttempts: 10,
  totalMs: 3_600_000,
  readTimeoutMs: 300,
};
