import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { pacedLoad } from '../../../bench/lib/web/pacedLoad';

/** A loopback server answering in about no time; `/stall` blocks its event loop for `stallMs` once. */
async function server(stallMs: number) {
  let stalled = false;
  const seen = new Set<number>();
  const srv = http.createServer((req, res) => {
    seen.add(req.socket.remotePort ?? 0);
    if (req.url === '/stall' && !stalled) {
      stalled = true;
      const until = Date.now() + stallMs;
      while (Date.now() < until);
    }
    res.statusCode = req.url === '/missing' ? 404 : 200;
    res.end('ok');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise((r) => srv.close(r)) };
}

const headers = { 'Accept-Encoding': 'identity' };

async function withServer<T>(stallMs: number, fn: (s: Awaited<ReturnType<typeof server>>) => Promise<T>): Promise<T> {
  const s = await server(stallMs);
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

describe('the paced load of the server bench (decision 067)', () => {
  it('sends the offered rate over the connections it was given', async () => {
    await withServer(0, async (s) => {
      const f = await pacedLoad(s.origin, [{ host: 'a.test', path: '/' }], {
        rate: 100,
        seconds: 1.5,
        connections: 4,
        headers,
      });
      expect(f.requests).to.equal(150);
      expect(f.ok2xx).to.equal(150);
      expect(f.errors + f.non2xx).to.equal(0);
      // Paced, not as fast as the server answers (thousands a second here); late timers only lower it.
      expect(f.achievedPerSecond).to.be.within(50, 101);
      expect(s.seen.size).to.equal(4);
      expect(f.latencyMs.p50).to.be.below(50);
    });
  });

  it('counts a stall in every request it held up, not once per connection', async () => {
    await withServer(400, async (s) => {
      // The stall comes early; 100 requests/s are due while it lasts, on 4 connections.
      const targets = [
        { host: 'a.test', path: '/stall' },
        ...Array.from({ length: 49 }, () => ({ host: 'a.test', path: '/' })),
      ];
      const f = await pacedLoad(s.origin, targets, { rate: 100, seconds: 1.5, connections: 4, headers });
      expect(f.requests).to.equal(150);
      expect(f.latencyMs.max).to.be.at.least(380);
      // ~40 requests were due during the stall (over a quarter of 150): the p90 shows it.
      expect(f.latencyMs.p90).to.be.above(100);
      // Timed from when they were sent, as a closed loop would, most of them look fast.
      expect(f.serviceMs.p50).to.be.below(50);
    });
  });

  it('counts answers other than 2xx', async () => {
    await withServer(0, async (s) => {
      const f = await pacedLoad(
        s.origin,
        [
          { host: 'a.test', path: '/' },
          { host: 'a.test', path: '/missing' },
        ],
        { rate: 40, seconds: 0.5, connections: 2, headers },
      );
      expect(f.requests).to.equal(20);
      expect(f.non2xx).to.equal(10);
      expect(f.ok2xx).to.equal(10);
    });
  });
});
