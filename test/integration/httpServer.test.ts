import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import request from 'supertest';
import { createHttpServer, inArrivalOrder } from '../../src/server/httpServer';
import { SEEDING_MS, startTestServer, type TestServer } from '../support/testServer';

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
    before(async function () {
      this.timeout(SEEDING_MS);
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

describe('requests in arrival order (decision 064)', () => {
  type Pair = [http.IncomingMessage, http.ServerResponse];
  const arrival = (name: string, destroyed = false) => [{ url: name, socket: { destroyed } }, {}] as unknown as Pair;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('starts one request per turn of the event loop, in the order they came', async () => {
    const events: string[] = [];
    const listener = inArrivalOrder((req) => {
      events.push(`start ${req.url}`);
      // Work a request leaves for the next turn runs before the next request starts.
      setImmediate(() => events.push(`after ${req.url}`));
    });
    // Three requests that came in one batch, as Node hands them over.
    for (const name of ['a', 'b', 'c']) listener(...arrival(name));
    expect(events).to.deep.equal([]);
    for (let i = 0; i < 4; i++) await turn();
    expect(events).to.deep.equal(['start a', 'after a', 'start b', 'after b', 'start c', 'after c']);
  });

  it('a request that arrives while others wait goes after them', async () => {
    const started: string[] = [];
    let listener: http.RequestListener = () => undefined;
    listener = inArrivalOrder((req) => {
      started.push(String(req.url));
      if (req.url === 'a') listener(...arrival('late'));
    });
    listener(...arrival('a'));
    listener(...arrival('b'));
    for (let i = 0; i < 4; i++) await turn();
    expect(started).to.deep.equal(['a', 'b', 'late']);
  });

  it('skips a request whose connection closed while it waited, and goes on after a failing one', async () => {
    const started: string[] = [];
    const listener = inArrivalOrder((req) => {
      started.push(String(req.url));
      if (req.url === 'boom') throw new Error('boom');
    });
    // The throw is uncaught, as from any request listener: mocha's own handler steps aside meanwhile.
    const failures: unknown[] = [];
    const mochas = process.listeners('uncaughtException');
    process.removeAllListeners('uncaughtException');
    process.on('uncaughtException', (error) => failures.push(error));
    try {
      listener(...arrival('gone', true));
      listener(...arrival('boom'));
      listener(...arrival('after'));
      for (let i = 0; i < 4; i++) await turn();
    } finally {
      process.removeAllListeners('uncaughtException');
      for (const l of mochas) process.on('uncaughtException', l);
    }
    expect(started).to.deep.equal(['boom', 'after']);
    expect(failures.map((e) => (e as Error).message)).to.deep.equal(['boom']);
  });
});
