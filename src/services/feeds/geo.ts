/**
 * Great-circle distance in km: the gazetteer's formula (src/services/places/Gazetteer.ts), here so
 * that an import's worker threads, which leave the gazetteer to the main thread, need not load
 * its data (decision 044). test/unit/feeds/foldedWords.test.ts checks that both agree.
 */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const r = Math.PI / 180;
  const dLat = (lat2 - lat1) * r;
  const dLng = (lng2 - lng1) * r;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}
