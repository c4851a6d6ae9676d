/** What sagas keep in the browser (product-spec §3 "Stored locally"). */
export interface LocalStore {
  get<T>(key: string): Promise<T | null>;
  set<T>(key: string, value: T): Promise<void>;
}

/** A store that keeps nothing (the server, and tests that do not care). */
export const NO_LOCAL_STORE: LocalStore = {
  get: async () => null,
  set: async () => undefined,
};
