import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createHttpServer } from '../../src/server/httpServer';
import { startTestServer, type TestServer } from '../support/testServer';

describe('the HTTP server (decision 063)', () => {
  it('makes requests and responses with the app’s own prototypes, before Express sees them', async () => {
    const app = express();
    app.get('/x', (req, res) => {
      res.json({ path: req.path, host: req.hostname });
    });
    const server = createHttpServer(app);
    const born: boolean[] = [];
    // Runs before Express's own listener: what Node made, untouched.
    server.prependListener('request', (req, res) =>
      born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const agent = request(`http://127.0.0.1:${port}`);
      const first = await agent.get('/x').set('Host', 'example.test');
      const second = await agent.get('/x?y=1');
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ path: '/x', host: 'example.test' });
      expect(second.body.path).to.equal('/x');
      expect(born).to.deep.equal([true, true]);
    } finally {
      server.close();
    }
  });

  describe('serving the product', function () {
    this.timeout(30_000);
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ seed: true });
    });
    after(() => server.close());

    it('answers pages, files, the API and errors as Express would', async () => {
      const page = await request(server.url).get('/search/flat/in/london').set('Host', 'homes.uk.localhost');
      expect(page.status).to.equal(200);
      expect(page.headers['content-type']).to.match(/^text\/html/);
      expect(page.headers['content-security-policy']).to.match(/script-src/);
      expect(page.text).to.include('<h1');
      const robots = await request(server.url).get('/robots.txt').set('Host', 'homes.uk.localhost');
      expect(robots.status).to.equal(200);
      const api = await request(server.url).get('/api/sites/uk/homes/search/m?countryCode=uk&what=flat');
      expect(api.status).to.equal(200);
      expect((api.body as { data: unknown[] }).data.length).to.be.greaterThan(0);
      const missing = await request(server.url).get('/api/sites/uk/homes/nothing-here');
      expect(missing.status).to.equal(404);
    });
  });
});
