/**
 * The verticals of the spec (product-spec §1): numeric ids, accent colours.
 * "general" is the country's umbrella site (the `{product}` key of the
 * service-calls spec): a home page that leads to the verticals.
 */
export const VERTICALS = [
  { name: 'homes', id: 1, accent: '#1565c0' },
  { name: 'cars', id: 2, accent: '#c62828' },
  { name: 'jobs', id: 4, accent: '#2e7d32' },
  { name: 'products', id: 8, accent: '#b34700' },
] as const satisfies ReadonlyArray<{ name: string; id: number; accent: string }>;

export type Vertical = (typeof VERTICALS)[number]['name'];
export type VerticalId = (typeof VERTICALS)[number]['id'];
/** What a host or path prefix can serve: a vertical, or the general home. */
export type SiteTarget = Vertical | 'general';

export const GENERAL_ACCENT = '#37474f';

export function verticalByName(name: string): (typeof VERTICALS)[number] | undefined {
  return VERTICALS.find((v) => v.name === name);
}

export function verticalById(id: number): (typeof VERTICALS)[number] | undefined {
  return VERTICALS.find((v) => v.id === id);
}

export function isVertical(name: string): name is Vertical {
  return VERTICALS.some((v) => v.name === name);
}
