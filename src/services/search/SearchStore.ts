import type { AdInput, CandidateQuery, CandidateResult, KeywordRow, SiteKey, Source, StoredAd } from './types';

/** Fields `topValues` can group a site's live ads by. */
export type GroupField = 'city' | 'region' | 'typeId' | 'propertyType' | 'make' | 'category';

/**
 * The search service's storage: narrow and free of SQL, so that a PostgreSQL
 * adapter (tsvector + GIN, one partition per site) can implement it and pass
 * the same tests. Every call is asynchronous for that reason, even though the
 * SQLite adapter answers synchronously. See docs/decisions/010-search-store.md.
 */
export interface SearchStore {
  /** Adds or replaces partners (and their campaigns). */
  putSources(sources: readonly Source[]): Promise<void>;
  source(id: number): Promise<Source | undefined>;
  sources(site: SiteKey): Promise<Source[]>;

  /** Adds or replaces ads (by id) in one transaction; returns how many were written. */
  writeAds(ads: readonly AdInput[]): Promise<number>;
  /** Takes ads out of search; `getAd` still answers them, flagged expired. */
  expireAds(ids: readonly string[]): Promise<void>;

  /** One ad with its partner URL, site, source and campaigns; expired ads flagged; undefined when unknown. */
  getAd(id: string): Promise<StoredAd | undefined>;
  /** Ads by id in the order asked (unknown ids left out). */
  getAds(ids: readonly string[]): Promise<StoredAd[]>;
  getAdByPartner(sourceId: number, partnerAdId: string): Promise<StoredAd | undefined>;
  /** A source's ads by partner ids (unknown ids left out, expired ones flagged), for feed imports. */
  getAdsByPartner(sourceId: number, partnerAdIds: readonly string[]): Promise<StoredAd[]>;
  /** Sets (or, with null, clears) ads' duplicate group without rewriting them (feed imports). */
  setDuplicateGroups(entries: readonly { id: string; group: number | null }[]): Promise<void>;
  /** The other live ads of the ad's duplicate group (the same ad from other sources). */
  duplicatesOf(ad: StoredAd): Promise<StoredAd[]>;
  /** How many sources each of a site's duplicate groups has live ads of (the flat's sources); groups with none left out. */
  groupSizes(site: SiteKey, groups: readonly number[]): Promise<Map<number, number>>;

  /**
   * The capped candidate set of a query: at most `limit` matching live ads,
   * newest (or oldest) first, each with its relevance score and the fields
   * sorting and facets need, and the total (exact or estimated).
   */
  findCandidates(query: CandidateQuery): Promise<CandidateResult>;

  /** Live ads of a site (or of all sites). */
  countAds(site?: SiteKey): Promise<number>;
  /** The most frequent values of a field among a site's live ads. */
  topValues(
    site: SiteKey,
    field: GroupField,
    where: { typeId?: number; propertyType?: string },
    limit: number,
  ): Promise<{ value: string | number; count: number }[]>;

  /** True when a folded word occurs in the titles of the site's ads. */
  hasTerm(site: SiteKey, term: string): Promise<boolean>;
  /** Title words of the site starting with `prefix`, most frequent first. */
  termsByPrefix(site: SiteKey, prefix: string, limit: number): Promise<{ term: string; ads: number }[]>;

  /** Remembers a visitor's search (with results) for keyword autocomplete and the SEO index. */
  recordSearch(site: SiteKey, what: string): void;
  /**
   * The SEO keyword index of a site, alphabetical; with the first letters of the category's
   * keywords, and the categories of the whole site's (for the index's category picker).
   */
  keywords(
    site: SiteKey,
    options: { categoryId?: number; firstLetter?: string; offset: number; limit: number },
  ): Promise<{ rows: KeywordRow[]; total: number; letters: string[]; categories: number[] }>;
  /** Keywords starting with a folded prefix, most searched and most frequent first. */
  keywordsByPrefix(site: SiteKey, prefix: string, limit: number): Promise<KeywordRow[]>;

  close(): void;
}
