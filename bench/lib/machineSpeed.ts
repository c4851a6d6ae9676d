/**
 * How fast this machine is today, by work that none of the product's code changes: a figure to put
 * beside a benchmark's, since the same code on the same shared VM has run 1.5× slower one day than
 * the day before (feed imports of 29 and 30 November). Two parts, each the best of three rounds on
 * this thread: JavaScript (building, serialising and hashing records, the shape of an import's work)
 * and SQLite (indexed inserts into a WAL file, committed in batches). A slower machine gives more
 * milliseconds; rates measured on it compare with another day's by their ratio.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface MachineSpeed {
  /** Milliseconds of the JavaScript part (the best of three). */
  jsMs: number;
  /** Milliseconds of the SQLite part (the best of three). */
  sqliteMs: number;
}

/** Records built, serialised, parsed back and hashed: ~one import's mapping of 20,000 ads. */
function jsRound(): number {
  const t = process.hrtime.bigint();
  let check = 0;
  const words = ['piso', 'luminoso', 'reformado', 'centro', 'terraza', 'ascensor', 'garaje', 'exterior'];
  for (let i = 0; i < 20_000; i++) {
    const fields = new Map<string, string>();
    for (let f = 0; f < 24; f++) fields.set(`field_${f}`, `${words[(i + f) % words.length]} ${i * 31 + f}`);
    let text = '';
    for (let w = 0; w < 120; w++) text += `${words[(i * 7 + w) % words.length]} `;
    const ad = {
      id: `ad-${i}`,
      title: `${fields.get('field_1')} ${fields.get('field_2')}`.toUpperCase().toLowerCase(),
      description: text.trim(),
      price: Number(`${100_000 + i}.5`),
      rooms: i % 6,
      attributes: Object.fromEntries([...fields].slice(0, 8)),
    };
    const json = JSON.stringify(ad);
    const back = JSON.parse(json) as { description: string };
    check += back.description.split(' ').length;
    check += createHash('sha1').update(json).digest()[0] as number;
  }
  if (check === 0) throw new Error('nothing computed');
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** 100,000 rows with a random-keyed unique index and ~1 KB of text, 2,000 per transaction. */
function sqliteRound(dir: string, round: number): number {
  const file = path.join(dir, `speed-${round}.db`);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec('CREATE TABLE t (k INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, n REAL, doc TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO t (k, id, n, doc) VALUES (?, ?, ?, ?)');
    const doc = 'x'.repeat(1000);
    const t = process.hrtime.bigint();
    const batch = db.transaction((from: number) => {
      for (let i = from; i < from + 2000; i++)
        insert.run(i, createHash('sha1').update(String(i)).digest('base64url'), i / 3, doc);
    });
    for (let from = 0; from < 100_000; from += 2000) batch(from);
    return Number(process.hrtime.bigint() - t) / 1e6;
  } finally {
    db.close();
  }
}

export function machineSpeed(): MachineSpeed {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-speed-'));
  try {
    const js: number[] = [];
    const sqlite: number[] = [];
    for (let round = 0; round < 3; round++) {
      js.push(jsRound());
      sqlite.push(sqliteRound(dir, round));
    }
    return { jsMs: Math.round(Math.min(...js)), sqliteMs: Math.round(Math.min(...sqlite)) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) console.log(JSON.stringify(machineSpeed()));
