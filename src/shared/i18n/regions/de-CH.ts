import type { RegionalMessages } from '../regions';

/**
 * Switzerland's wording over the German catalogue, beside its spelling (no ß, `regions.ts`): the words
 * Swiss property sites use for a parking space and a town's district.
 */
export const deCH: RegionalMessages = {
  'filters.parking': 'Parkplatz',
  'filters.cityArea': 'Quartier',
};
