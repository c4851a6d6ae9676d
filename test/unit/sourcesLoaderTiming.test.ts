import { expect } from 'chai';
import { runSaga, stdChannel } from 'redux-saga';
import sinon from 'sinon';
import { resolveSite } from '../../config/sites';
import { SOURCES_LOADER_MAX_MS, watchSourcesLoader } from '../../src/sagas/sourcesLoaderSaga';
import { messagesFor } from '../../src/shared/i18n/messages';
import type { LocalStore } from '../../src/shared/localStore';
import { pageLoaded, pageLoadStarted } from '../../src/state/page';
import { initialRootState, type RootState } from '../../src/state/store';

const state: RootState = initialRootState(
  {
    site: resolveSite('homes.es.localhost', '/')!,
    device: 'mobile',
    isBot: false,
    clientId: 'pwa-mobile',
    installationId: 'iid',
    origin: 'http://x',
    publicApiBase: '/api',
    publicSearchBase: '/api/sites/es/homes',
    cookiesEnabled: true,
  },
  { locale: 'es-ES', messages: messagesFor('es') },
);

/** Local storage that answers after `ms` (its code still coming, a busy IndexedDB). */
class SlowStore implements LocalStore {
  data = new Map<string, unknown>();
  constructor(private readonly ms: number) {}
  get<T>(key: string): Promise<T | null> {
    return new Promise((resolve) => setTimeout(() => resolve((this.data.get(key) as T) ?? null), this.ms));
  }
  set<T>(key: string, value: T): Promise<void> {
    return new Promise((resolve) =>
      setTimeout(() => {
        this.data.set(key, value);
        resolve();
      }, this.ms),
    );
  }
}

describe('the sources loader, whatever local storage takes', () => {
  let clock: sinon.SinonFakeTimers;
  beforeEach(() => {
    clock = sinon.useFakeTimers();
  });
  afterEach(() => clock.restore());

  function run(local: LocalStore) {
    const channel = stdChannel();
    const seen: Array<{ type: string; at: number }> = [];
    const topPlayers = sinon.stub().resolves({ data: [{ attributes: { name: 'A', image: '/a.svg' } }] });
    runSaga(
      {
        channel,
        dispatch: (a: { type: string }) => {
          seen.push({ type: a.type, at: Date.now() });
          channel.put(a as never);
        },
        getState: () => state,
        context: { api: { sources: { topPlayers } }, local },
      },
      watchSourcesLoader,
    );
    const put = (a: unknown) => channel.put(a as never);
    const start = (path: string) => put(pageLoadStarted('serp_search', { what: 'piso' }, path, ''));
    const times = (type: string) => seen.filter((a) => a.type === type).map((a) => a.at);
    return { put, start, times };
  }

  it('shows at once and hides 700 ms after a page that loaded before local storage answered', async () => {
    const { put, start, times } = run(new SlowStore(2_500));
    await clock.tickAsync(1);
    start('/search/piso/in/sevilla');
    await clock.tickAsync(1);
    expect(times('sources/show')).to.have.length(1);
    await clock.tickAsync(208);
    put(pageLoaded({ status: 200, head: { title: 'x' } }));
    await clock.tickAsync(699);
    expect(times('sources/hide')).to.deep.equal([]);
    await clock.tickAsync(2);
    expect(times('sources/hide')).to.deep.equal([910]);
  });

  it('hides by the cap when the page never loads, and when the next page starts loading', async () => {
    const { put, start, times } = run(new SlowStore(50));
    await clock.tickAsync(100);
    start('/search/piso');
    await clock.tickAsync(SOURCES_LOADER_MAX_MS + 1);
    expect(times('sources/hide')).to.have.length(1);
    expect(times('sources/hide')[0]! - times('sources/show')[0]!).to.equal(SOURCES_LOADER_MAX_MS);

    start('/search/casa');
    await clock.tickAsync(10);
    put(pageLoadStarted('adpage', { id: 'x' }, '/ad/x', ''));
    await clock.tickAsync(1);
    expect(times('sources/show')).to.have.length(2);
    expect(times('sources/hide')).to.have.length(2);
  });

  it('shows once per URL, the last one kept locally across pages', async () => {
    const local = new SlowStore(300);
    local.data.set('sourcesLoaderUrl', '/search/piso');
    const { put, start, times } = run(local);
    await clock.tickAsync(400);
    start('/search/piso');
    await clock.tickAsync(10);
    expect(times('sources/show')).to.deep.equal([]);
    start('/search/casa');
    await clock.tickAsync(1);
    put(pageLoaded({ status: 200, head: { title: 'x' } }));
    await clock.tickAsync(1_000);
    expect(times('sources/show')).to.have.length(1);
    expect(local.data.get('sourcesLoaderUrl')).to.equal('/search/casa');
    start('/search/casa');
    await clock.tickAsync(10);
    expect(times('sources/show')).to.have.length(1);
  });
});
