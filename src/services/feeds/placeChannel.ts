import { receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { NamedPlace, NameQuestion, NearCity, PlaceLookup } from './placeResolver';
import type { TurnGate } from './turnGate';

/**
 * Place questions of an import's worker threads, answered by the thread that holds the
 * gazetteer (decision 044): its data is ~100 MB of objects, which each worker would otherwise
 * hold and re-mark at every major GC. A worker asks synchronously (the question is posted, the
 * answer taken off its port once a shared flag says it is there) and caches the answers
 * (`PlaceResolver`): a feed names a few hundred places.
 */

type PlaceQuestion = { kind: 'names'; input: NameQuestion } | { kind: 'near'; lat: number; lng: number };

type PlaceAnswer = { ok: NamedPlace | NearCity | null } | { error: string };

/**
 * Answers a worker's place questions on `port` (on this thread's event loop), once `lookup` is
 * there (the gazetteer loads while the workers start; a worker asks one question at a time).
 */
export function servePlaces(port: MessagePort, signal: SharedArrayBuffer, lookup: Promise<PlaceLookup>): void {
  const flag = new Int32Array(signal);
  port.on('message', async (q: PlaceQuestion) => {
    let answer: PlaceAnswer;
    try {
      const places = await lookup;
      answer = { ok: q.kind === 'names' ? places.names(q.input) : places.nearestCity(q.lat, q.lng) };
    } catch (err) {
      answer = { error: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(answer);
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
  });
}

/** `PlaceLookup` asked of the thread that serves it (`servePlaces`); stops when the run does. */
export class RemotePlaces implements PlaceLookup {
  private readonly flag: Int32Array;

  constructor(
    private readonly port: MessagePort,
    signal: SharedArrayBuffer,
    private readonly gate: TurnGate,
  ) {
    this.flag = new Int32Array(signal);
  }

  names(input: NameQuestion): NamedPlace {
    return this.ask({ kind: 'names', input }) as NamedPlace;
  }

  nearestCity(lat: number, lng: number): NearCity | null {
    return this.ask({ kind: 'near', lat, lng }) as NearCity | null;
  }

  private ask(q: PlaceQuestion): NamedPlace | NearCity | null {
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage(q);
    for (;;) {
      Atomics.wait(this.flag, 0, 0, 1000);
      const got = receiveMessageOnPort(this.port);
      if (got) {
        const answer = got.message as PlaceAnswer;
        if ('error' in answer) throw new Error(answer.error);
        return answer.ok;
      }
      if (this.gate.stopped) throw new Error('the import was stopped');
    }
  }
}
