/**
 * What a run reports besides its counts: rejected records and values left out of the index,
 * gathered from its threads (decision 044).
 */

export interface Rejection {
  line: number;
  id?: string;
  reason: string;
  /**
   * The source already had a live ad of this id: the partner still lists it, so it is not expired
   * and keeps its last good version (counted in the summary's `rejectedKept`).
   */
  kept?: true;
}

export interface WarningCount {
  field: string;
  reason: string;
  count: number;
  firstLine: number;
}

export const MAX_REJECTIONS_LISTED = 1000;

/**
 * The warnings of a run from its threads' (`RecordPreparer.warnings`): counts summed, each with
 * the reason and line it was first seen with, most frequent first (ties: first seen first).
 */
export function mergeWarnings(lists: readonly WarningCount[][]): WarningCount[] {
  const merged = new Map<string, WarningCount>();
  for (const list of lists) {
    for (const w of list) {
      const key = `${w.field}|${shapeOf(w.reason)}`;
      const known = merged.get(key);
      if (!known) merged.set(key, { ...w });
      else {
        known.count += w.count;
        if (w.firstLine < known.firstLine) {
          known.firstLine = w.firstLine;
          known.reason = w.reason;
        }
      }
    }
  }
  return [...merged.values()]
    .sort((a, b) => a.firstLine - b.firstLine)
    .slice(0, 500)
    .sort((a, b) => b.count - a.count)
    .slice(0, 100);
}

/**
 * A warning's reason with the partner's value folded: quoted values, and the number it starts with
 * (warnings are counted by field and shape). The rest stays, so "250 is out of range 10000–100000000 EUR"
 * (a sale's range) and "1.2 is out of range 100–50000 EUR" (a rent's) are counted apart.
 */
export function shapeOf(reason: string): string {
  return reason.replace(/"[^"]*"/g, '"…"').replace(/^-?\d+(\.\d+)?/, 'N');
}
