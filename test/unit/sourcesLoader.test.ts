import { expect } from 'chai';
import { runSaga, stdChannel } from 'redux-saga';
import sinon from 'sinon';
import { resolveSite } from '../../config/sites';
import { loadSources, SOURCES_LOADER_MAX_MS, watchSourcesLoader } from '../../src/sagas/sourcesLoaderSaga';
import { messagesFor } from '../../src/shared/i18n/messages';
import { pageLoaded, pageLoadStarted } from '../../src/state/page';
import { initialRootState, type RootState } from '../../src/state/store';
import type { LocalStore } from '../../src/shared/localStore';

const stateFor = (host: string): RootState =>
  initialRootState(
    {
      site: resolveSite(host, '/')!,
      device: 'mobile',
      isBot: false,
      clientId: 'pwa-mobile',
      installationId: 'iid',
      origin: 'http://x',
      publicApiBase: '/api',
      publicSearchBase: '/api/sites/uk/homes',
      cookiesEnabled: true,
    },
    { locale: 'en-GB', messages: messagesFor('en') },
  );

class MemoryStore implements LocalStore {
  data = new Map<string, unknown>();
  async get<T>(key: string) {
    return (this.data.get(key) as T) ?? null;
  }
  async set<T>(key: string, value: T) {
    this.data.set(key, value);
  }
}

describe('the sources loader', () => {
  it('fetches the top partners only when country and vertical id exist', async () => {
    const topPlayers = sinon.stub().resolves({ data: [{ attributes: { name: 'A', image: '/a.svg' } }] });
    const dispatched: Array<{ type: string }> = [];
    const run = (host: string) =>
      runSaga(
        {
          dispatch: (a: { type: string }) => dispatched.push(a),
          getState: () => stateFor(host),
          context: { api: { sources: { topPlayers } } },
        },
        loadSources,
      ).toPromise();
    await run('uk.localhost');
    expect(topPlayers.called).to.equal(false);
    await run('homes.uk.localhost');
    expect(topPlayers.calledOnceWith('uk', 1)).to.equal(true);
    expect(dispatched.map((a) => a.type)).to.deep.equal(['sources/start', 'sources/success']);
  });

  it('marks a failure and shows nothing', async () => {
    const dispatched: Array<{ type: string }> = [];
    await runSaga(
      {
        dispatch: (a: { type: string }) => dispatched.push(a),
        getState: () => stateFor('cars.es.localhost'),
        context: { api: { sources: { topPlayers: sinon.stub().rejects(new Error('down')) } } },
      },
      loadSources,
    ).toPromise();
    expect(dispatched.map((a) => a.type)).to.deep.equal(['sources/start', 'sources/failed']);
  });

  it('shows on a results page load, hides after it, and not again for the same URL', async () => {
    const clock = sinon.useFakeTimers();
    try {
      const channel = stdChannel();
      const dispatched: string[] = [];
      const local = new MemoryStore();
      const topPlayers = sinon.stub().resolves({ data: [{ attributes: { name: 'A', image: '/a.svg' } }] });
      runSaga(
        {
          channel,
          dispatch: (a: { type: string }) => {
            dispatched.push(a.type);
            channel.put(a as never);
          },
          getState: () => stateFor('homes.uk.localhost'),
          context: { api: { sources: { topPlayers } }, local },
        },
        watchSourcesLoader,
      );
      await clock.tickAsync(1);
      const start = () => channel.put(pageLoadStarted('serp_search', { what: 'flat' }, '/search/flat', '') as never);
      start();
      await clock.tickAsync(1);
      expect(dispatched).to.include('sources/show');
      channel.put(pageLoaded({ status: 200, head: { title: 'x' } }) as never);
      await clock.tickAsync(699);
      expect(dispatched).not.to.include('sources/hide');
      await clock.tickAsync(2);
      expect(dispatched.filter((t) => t === 'sources/hide')).to.have.length(1);
      start();
      await clock.tickAsync(10);
      expect(dispatched.filter((t) => t === 'sources/show')).to.have.length(1);
    } finally {
      clock.restore();
    }
  });
});

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
        getState: () => stateFor('homes.es.localhost'),
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
