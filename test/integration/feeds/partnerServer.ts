import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';

/** A partner's feed server on loopback, and what the store holds of a source: for the tests of feed URLs. */

/** What a partner's server was asked. */
export interface Asked {
  path: string;
  headers: http.IncomingHttpHeaders;
}

/** A partner's web server on loopback: each test sets what a path answers. */
export async function partnerServer(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const asked: Asked[] = [];
  const server = http.createServer((req, res) => {
    asked.push({ path: req.url ?? '', headers: req.headers });
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    asked,
    url: (p: string, auth = '') => `http://${auth}127.0.0.1:${port}${p}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The live ads of a source, as the store holds them. */
export function liveAds(dataDir: string, source: number): string[] {
  const db = new Database(path.join(dataDir, 'search.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('SELECT partner_id FROM ads WHERE source_id = ? AND expired = 0 ORDER BY partner_id').all(source) as {
        partner_id: string;
      }[]
    ).map((r) => r.partner_id);
  } finally {
    db.close();
  }
}

export function runs(dataDir: string, source: number): { file: string; status: string }[] {
  const db = new Database(path.join(dataDir, 'search.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT file, status FROM feed_runs WHERE source_id = ? ORDER BY id').all(source) as {
      file: string;
      status: string;
    }[];
  } finally {
    db.close();
  }
}

/** Time passes for a source: its runs, and its kept feed's last try, are moved `seconds` into the past. */
export function age(dataDir: string, source: number, seconds: number): void {
  const db = new Database(path.join(dataDir, 'search.sqlite'));
  try {
    db.prepare('UPDATE feed_runs SET started = started - ?, finished = finished - ? WHERE source_id = ?').run(
      seconds,
      seconds,
      source,
    );
    db.prepare('UPDATE feed_fetch SET tried = tried - ?, since = since - ? WHERE source_id = ?').run(
      seconds,
      seconds,
      source,
    );
  } finally {
    db.close();
  }
}
