import type { RegionalMessages } from '../regions';

/**
 * The United States' wording over the English catalogue (written for Britain), beside "email" as one
 * word (`regions.ts`): American spelling, a car's transmission and body style, new construction, a
 * home's lot, and states for the regions.
 */
export const enUS: RegionalMessages = {
  'footer.guideJobs': 'Guide for job seekers',
  'facts.transmission': 'Transmission',
  'facts.carType': 'Body style',
  'facts.color': 'Color',
  'facts.jobType': 'Job type',
  'facts.plotArea': '{units, select, imperial {Lot (sq ft)} other {Lot (m²)}}',
  'filters.region': 'State',
  'filters.newBuild': 'New construction',
  'filters.carType': 'Body style',
  'filters.transmission': 'Transmission',
  'filters.jobType': 'Job type',
  'seo.group.regions': 'By state',
  'facts.foreclosure': 'Foreclosure',
};
