import localforage from 'localforage';
import { LOCAL_STORAGE_SIZE } from '../shared/domain/constants';

import type { LocalStore } from '../shared/localStore';

/**
 * localforage behind one small interface. Every failure becomes the spec's
 * "Localforage error"; with cookies disabled nothing is read or written.
 */
export function createLocalStore(cookiesEnabled: () => boolean): LocalStore {
  const store = localforage.createInstance({ name: 'trawl', storeName: 'trawl', size: LOCAL_STORAGE_SIZE });
  return {
    async get<T>(key: string) {
      if (!cookiesEnabled()) return null;
      try {
        return (await store.getItem<T>(key)) ?? null;
      } catch {
        throw new Error('Localforage error');
      }
    },
    async set<T>(key: string, value: T) {
      if (!cookiesEnabled()) return;
      try {
        await store.setItem(key, value);
      } catch {
        throw new Error('Localforage error');
      }
    },
  };
}
