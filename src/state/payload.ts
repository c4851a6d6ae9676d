/** The words of spec §8 for a dispatch helper given no data. */
export const NULL_PAYLOAD_MESSAGE = 'Specified data cant be null or undefined';

/**
 * The data an action creator was given, or the spec's error at once when it is null or
 * undefined: a service document without its data fails where it is dispatched, not later in
 * a reducer or a render.
 */
export function required<T>(data: T): NonNullable<T> {
  if (data === null || data === undefined) throw new TypeError(NULL_PAYLOAD_MESSAGE);
  return data;
}
