import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ApiSearchError, ApiSuggestionsError, ApiTrackingError, type ApiError } from '../../../src/shared/api/errors';
import { createHttpClient } from '../../../src/shared/api/http';
import { createSearchApi } from '../../../src/shared/api/searchApi';
import { createTrackingApi } from '../../../src/shared/api/trackingApi';
import { searchApp, type SearchApp } from '../search/searchApp';

/** The API client's errors (service-calls spec §8), from real services and real sockets on loopback. */
describe('the API client errors', function () {
  this.timeout(30_000);
  let app: SearchApp;
  let server: http.Server;
  let base = '';

  before(async () => {
    app = await searchApp([{ country: 'uk', vertical: 'homes' }]);
    server = http.createServer(app.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server?.close();
    app?.close();
  });

  const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
    try {
      await promise;
    } catch (error) {
      return error as ApiError;
    }
    throw new Error('expected a failure');
  };

  it("gives a search failure its status as code and 'reason - error' as message", async () => {
    const search = createSearchApi(createHttpClient(), `${base}/api/sites/uk/homes`);
    const none = await failure(search.search('search', { countryCode: 'uk', what: 'zzqqxxyy' }));
    expect(none).to.be.instanceOf(ApiSearchError);
    expect(none).to.include({
      code: 404,
      status: 404,
      reason: 'NO_RESULTS',
      message: 'NO_RESULTS - No results for this query',
    });
    // The suggestions service has its own type.
    const suggestions = await failure(search.suggestions({ countryCode: 'uk', 'page[number]': 'x' }));
    expect(suggestions).to.be.instanceOf(ApiSuggestionsError).and.include({ status: 400 });
    const bad = await failure(search.search('search', { countryCode: 'uk', 'page[number]': 'x' }));
    expect(bad).to.include({ code: 400, status: 400 });
    expect(bad.message).to.match(/^[A-Z_]+ - /);
  });

  it("times out with API_TIMEOUT_ERROR, and a failure without words is 'Unknown error message'", async () => {
    const silent = http.createServer((req, res) => {
      if (req.url?.startsWith('/slow')) return; // never answers
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const client = createHttpClient();
      const make = (message: string, code: string | number, status: number) =>
        new ApiTrackingError(message, code, status);
      const slow = await failure(client.request('tracking', `http://127.0.0.1:${port}/slow`, { timeoutMs: 100 }, make));
      expect(slow).to.include({ code: 'API_TIMEOUT_ERROR', status: 504 });
      const tracking = createTrackingApi(client, `http://127.0.0.1:${port}/api`);
      const mute = await failure(tracking.send('/page/views', [{ type: 'page_views', attributes: {} }]));
      expect(mute).to.be.instanceOf(ApiTrackingError);
      expect(mute).to.include({ code: 500, status: 500, message: 'Unknown error message' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
