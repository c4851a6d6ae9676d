/**
 * Feature catalogues merged into every language's messages. A feature adds
 * its file under ./features/ and one line here.
 */
export const FEATURES = [] as const;
