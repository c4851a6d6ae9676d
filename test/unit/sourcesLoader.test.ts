import { expect } from 'chai';
import { runSaga, stdChannel } from 'redux-saga';
import sinon from 'sinon';
import { resolveSite } from '../../config/sites';
import { loadSources, watchSourcesLoader } from '../../src/sagas/sourcesLoaderSaga';
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
