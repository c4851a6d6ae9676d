import { FeedChangedError } from './feedRecords';
/**
 * The order in which the threads of an import write their batches (decision 044): shared
 * memory, so that a worker can wait for its turn without its event loop.
 */

/** The run was stopped (another thread failed, or the check of the file did). */
export class ImportStopped extends Error {
  constructor() {
    super('the import was stopped');
    this.name = 'ImportStopped';
  }
}

/**
 * Whose turn it is to write, shared by the threads of a run: batch `turn` is next; -1 until the
 * file is checked. Also the number of batches (from the check) and a stop flag.
 */
export class TurnGate {
  readonly shared: SharedArrayBuffer;
  private readonly cells: Int32Array;

  constructor(shared?: SharedArrayBuffer) {
    this.shared = shared ?? new SharedArrayBuffer(12);
    this.cells = new Int32Array(this.shared);
    if (!shared) Atomics.store(this.cells, 0, -1);
  }

  /** The file is checked and holds `batches` batches: batch 0 may be written. */
  open(batches: number): void {
    Atomics.store(this.cells, 2, batches);
    Atomics.store(this.cells, 0, 0);
    Atomics.notify(this.cells, 0);
  }

  get batches(): number {
    return Atomics.load(this.cells, 2);
  }

  stop(): void {
    Atomics.store(this.cells, 1, 1);
    Atomics.notify(this.cells, 0);
  }

  get stopped(): boolean {
    return Atomics.load(this.cells, 1) === 1;
  }

  /**
   * Whether batch `b` (-1: none, only the check of the file) may be written now; throws when the
   * run is stopped, or when the check found fewer batches (the file changed since).
   */
  private ready(b: number, turn: number): boolean {
    if (this.stopped) throw new ImportStopped();
    if (turn < 0) return false;
    if (b >= this.batches) throw new FeedChangedError('more records than checked');
    return b < 0 || turn === b;
  }

  /** Blocks the thread until batch `b` may be written (a worker thread has nothing else to do meanwhile). */
  waitSync(b: number): void {
    for (;;) {
      const turn = Atomics.load(this.cells, 0);
      if (this.ready(b, turn)) return;
      Atomics.wait(this.cells, 0, turn, 1000);
    }
  }

  /** Resolves when batch `b` may be written (the main thread keeps its event loop). */
  async wait(b: number): Promise<void> {
    for (;;) {
      const turn = Atomics.load(this.cells, 0);
      if (this.ready(b, turn)) return;
      const waited = (
        Atomics as unknown as {
          waitAsync(a: Int32Array, i: number, v: number, t: number): { async: boolean; value: unknown };
        }
      ).waitAsync(this.cells, 0, turn, 1000);
      if (waited.async) await waited.value;
    }
  }

  /** Batch `b` is written: the next one's turn. */
  done(b: number): void {
    Atomics.store(this.cells, 0, b + 1);
    Atomics.notify(this.cells, 0);
  }
}
