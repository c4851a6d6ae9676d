import { Gazetteer } from '../places/Gazetteer';
import type { SqliteSearchStore } from '../search/SqliteSearchStore';
import type { FeedFormat, FeedText } from './feedRecords';
import { BatchWriter, runShare, type BatchResult } from './importBatches';
import type { TurnGate } from './turnGate';
import { GazetteerPlaces } from './gazetteerPlaces';
import { PlaceResolver } from './placeResolver';
import { RecordPreparer, type PrepareConfig, type WarningCount } from './prepareRecords';

/** Phase 2 of a small file, all on this thread (decision 044): the whole file is its one share. */
export async function inlineShare(o: {
  file: string;
  fd: number;
  /** Its `fileStamp` when the run opened it. */
  stamp: string;
  format: FeedFormat;
  text: FeedText;
  batchSize: number;
  store: SqliteSearchStore;
  run: number;
  config: PrepareConfig;
  site: number;
  gazetteer: Gazetteer | undefined;
  /** Where the gazetteer's extracted data is kept (when `gazetteer` is not given). */
  cacheDir: string;
  gate: TurnGate;
  onResult: (result: BatchResult) => void;
}): Promise<WarningCount[]> {
  const { config, store } = o;
  const known = store.db.prepare('SELECT hash, live FROM feed_ads WHERE source_id = ? AND partner_id = ?');
  const preparer = new RecordPreparer(
    config,
    new PlaceResolver(
      new GazetteerPlaces(
        // The site's country only, extracted once per data directory (`Gazetteer.load`).
        o.gazetteer ?? (await Gazetteer.load([config.site.country], o.cacheDir)),
        config.site.country,
      ),
    ),
    config.sourceHadAds
      ? (partnerId) => known.get(config.sourceId, partnerId) as { hash: string; live: number } | undefined
      : undefined,
  );
  await runShare({
    file: o.file,
    fd: o.fd,
    stamp: o.stamp,
    format: o.format,
    text: o.text,
    batchSize: o.batchSize,
    threads: 1,
    thread: 0,
    preparer,
    writer: new BatchWriter(store, o.run, config, o.site),
    gate: o.gate,
    wait: (b) => o.gate.wait(b),
    onResult: o.onResult,
  });
  return preparer.warnings();
}
