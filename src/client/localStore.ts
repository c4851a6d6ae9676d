import type { LocalStore } from '../shared/localStore';
import { LOCAL_STORAGE_SIZE } from '../shared/domain/constants';

type Forage = LocalForage;

/**
 * localforage behind one small interface, loaded on first use (it is not
 * needed to show the page, so it stays out of the first-load bundle). Every
 * failure becomes the spec's "Localforage error"; with cookies disabled
 * nothing is read or written.
 */
export function createLocalStore(cookiesEnabled: () => boolean): LocalStore {
  let instance: Promise<Forage> | undefined;
  const open = (): Promise<Forage> =>
    (instance ??= import(/* webpackChunkName: "localforage" */ 'localforage').then((m) =>
      (m.default ?? m).createInstance({ name: 'trawl', storeName: 'trawl', size: LOCAL_STORAGE_SIZE }),
    ));
  return {
    async get<T>(key: string) {
      if (!cookiesEnabled()) return null;
      try {
        return ((await (await open()).getItem<T>(key)) ?? null) as T | null;
      } catch {
        throw new Error('Localforage error');
      }
    },
    async set<T>(key: string, value: T) {
      if (!cookiesEnabled()) return;
      try {
        await (await open()).setItem(key, value);
      } catch {
        throw new Error('Localforage error');
      }
    },
  };
}
