import { createRequire } from 'node:module';
import { expect } from 'chai';
import { runSaga, type SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import sinon from 'sinon';
import { runChunkSagas, startWithChunk } from '../../src/routes/chunkSagas';
import { firstLoadChunks } from '../../src/routes/firstLoadChunks';
import { defineChunk, loadable } from '../../src/routes/loadable';
import { lazyLoad } from '../../src/routes/pageChunks';
import { createRoutes } from '../../src/routes/routeTable';
import { scriptsFor, type ClientAssets } from '../../src/server/clientAssets';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../src/shared/domain/constants';
import type { RootState } from '../../src/state/store';
import { chromeState } from './chrome/support';

const routes = createRoutes();

function state(
  page: Partial<RootState['page']>,
  options: { device?: RootState['app']['device']; consentAsked?: boolean; appBanner?: boolean } = {},
): RootState {
  const start = chromeState();
  return {
    ...start,
    app: { ...start.app, device: options.device ?? 'mobile' },
    page: { ...start.page, status: 200, ...page },
    consent: { ...start.consent, banner: { ...start.consent.banner, visible: options.consentAsked ?? false } },
    banners: { ...start.banners, appBanner: { eligible: options.appBanner ?? false, dismissed: false } },
  };
}

const names = (s: RootState) => firstLoadChunks(s, routes).map((c) => c.name);

describe('code splitting', () => {
  describe('the chunks a page needs at first', () => {
    it('are its page’s, and the cookie banner’s where consent is asked', () => {
      expect(names(state({ routeName: 'serp_search' }))).to.deep.equal(['page-serp']);
      expect(names(state({ routeName: 'serp_search' }, { consentAsked: true }))).to.deep.equal([
        'page-serp',
        'banner-cookie',
      ]);
      expect(names(state({ routeName: 'home' }))).to.deep.equal(['page-home']);
      expect(names(state({ routeName: 'notifications_push' }))).to.deep.equal(['page-notifications']);
    });

    it('give the ad page on a phone and on a desktop from one chunk', () => {
      expect(names(state({ routeName: 'adpage' }))).to.deep.equal(['page-ad']);
      expect(names(state({ routeName: 'adpage' }, { device: 'desktop' }))).to.deep.equal(['page-ad']);
    });

    it('are the error pages’ for an error status and for a location no route matches', () => {
      expect(names(state({ routeName: 'serp_search', status: 404 }))).to.deep.equal(['page-error']);
      expect(names(state({ routeName: 'adpage', status: 500 }))).to.deep.equal(['page-error']);
      expect(names(state({ routeName: null }))).to.deep.equal(['page-error']);
      expect(names(state({ routeName: 'q' }))).to.deep.equal(['page-error']);
    });

    it('carry the download-app banner on a phone only while the cookie banner does not ask', () => {
      expect(names(state({ routeName: 'home' }, { appBanner: true }))).to.deep.equal(['page-home', 'banner-app']);
      expect(names(state({ routeName: 'home' }, { appBanner: true, consentAsked: true }))).to.deep.equal([
        'page-home',
        'banner-cookie',
      ]);
    });
  });

  describe('the scripts sent with a page', () => {
    const assets: ClientAssets = {
      dir: '/dist/client',
      built: true,
      scripts: ['/assets/framework.1.js', '/assets/93.2.js', '/assets/main.3.js'],
      chunks: {
        'page-serp': ['/assets/page-serp.4.js', '/assets/433.5.js'],
        'banner-cookie': ['/assets/banner-cookie.6.js', '/assets/433.5.js'],
        'page-odd': ['/assets/93.2.js'],
      },
    };

    it('put the chunks’ files first, so they are in place when the entry starts, then the entry’s', () => {
      expect(scriptsFor(assets, ['page-serp', 'banner-cookie'])).to.deep.equal([
        '/assets/page-serp.4.js',
        '/assets/433.5.js',
        '/assets/banner-cookie.6.js',
        '/assets/framework.1.js',
        '/assets/93.2.js',
        '/assets/main.3.js',
      ]);
    });

    it('list a file once, leave the entry’s in its place, and pass over a chunk the build does not have', () => {
      expect(scriptsFor(assets, ['page-odd', 'page-none'])).to.deep.equal(assets.scripts);
    });
  });

  describe('a chunk', () => {
    it('loads once, and again after a failed load', async () => {
      const importer = sinon.stub();
      importer.onFirstCall().rejects(new Error('offline'));
      importer.resolves({ value: 1 });
      const chunk = defineChunk('test-chunk', importer);
      expect(chunk.module).to.equal(undefined);
      await chunk.load().then(
        () => expect.fail('the first load fails'),
        () => undefined,
      );
      expect(await chunk.load()).to.deep.equal({ value: 1 });
      await chunk.load();
      expect(importer.callCount).to.equal(2);
      expect(chunk.module).to.deep.equal({ value: 1 });
    });

    it('names the chunk of each page of the route table', () => {
      for (const route of routes.routes) {
        for (const page of [route.page, route.desktopPage]) {
          if (page) expect(page.chunk.name, route.name).to.match(/^page-/);
        }
      }
      expect(
        loadable(
          defineChunk('x', async () => ({})),
          () => () => null,
        ).chunk.name,
      ).to.equal('x');
    });
  });

  describe('a route’s load saga', () => {
    it('runs from its chunk once the chunk and the pages it shows are loaded', async () => {
      const page = loadable(
        defineChunk('page-test', async () => ({ Page: () => null })),
        (m) => m.Page,
      );
      const saga = lazyLoad(
        defineChunk('load-test', async () => ({
          *load(params: Record<string, unknown>): SagaIterator {
            const title: unknown = yield call(() => params.what);
            return { status: 200, head: { title: String(title) } };
          },
        })),
        (m) => m.load,
        [page],
      );
      const result = await runSaga({ dispatch: () => undefined, getState: () => ({}) }, saga, {
        what: 'flat',
      }).toPromise();
      expect(result).to.deep.equal({ status: 200, head: { title: 'flat' } });
      expect(page.chunk.module).not.to.equal(undefined);
    });
  });

  describe('watchers that come with a chunk', () => {
    it('start once each, when the browser’s store runs, or at once after', () => {
      const early = function* () {};
      const late = function* () {};
      startWithChunk(early);
      startWithChunk(early);
      const run = sinon.spy();
      runChunkSagas(run);
      startWithChunk(late);
      startWithChunk(late);
      expect(run.withArgs(early).callCount).to.equal(1);
      expect(run.withArgs(late).callCount).to.equal(1);
    });
  });

  it('gives a chunk 120 s to load before it fails (spec §9), as the browser build is configured', () => {
    const require = createRequire(__filename);
    const configOf = require('../../webpack.config.client.js') as (
      env: unknown,
      argv: { mode: string },
    ) => { output: { chunkLoadTimeout?: number } };
    expect(configOf({}, { mode: 'production' }).output.chunkLoadTimeout).to.equal(CHUNK_LOAD_TIMEOUT_MS);
  });
});
