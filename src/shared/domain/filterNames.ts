/**
 * A filter's two spellings: a results URL's (product-spec §3, snake case: `rooms_min`) and the search
 * service's (`filters[roomsMin]`). A saved alert may hold either.
 */
export const camelCase = (key: string): string => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

export const snakeCase = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
