/**
 * SEO URL segments (product-spec §5): when encoding, hyphens become
 * underscores, spaces become hyphens and the value is lower-cased; decoding
 * does the reverse (hyphens to spaces, underscores to hyphens).
 */
export function encodeSeoSegment(value: string): string {
  return value.trim().toLowerCase().replace(/-/g, '_').replace(/\s+/g, '-');
}

export function decodeSeoSegment(segment: string): string {
  return segment.replace(/-/g, ' ').replace(/_/g, '-');
}
