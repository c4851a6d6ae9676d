import { AB_TEST_FORCED } from '../src/shared/domain/constants';

/** An A/B test running on some sites: its id, options and the share each gets. */
export interface Experiment {
  readonly id: number;
  readonly name: string;
  readonly options: readonly string[];
  /** Countries where it runs; every country when absent. */
  readonly countries?: readonly string[];
}

/**
 * The experiments in force (decision 007). Test 666 is the spec's: option B
 * is forced on mobile in fr and in; elsewhere visitors split evenly.
 */
export const EXPERIMENTS: readonly Experiment[] = [
  { id: AB_TEST_FORCED.id, name: 'results-layout', options: ['A', 'B'] },
];

export function experimentsFor(country: string): Experiment[] {
  return EXPERIMENTS.filter((e) => !e.countries || e.countries.includes(country));
}
