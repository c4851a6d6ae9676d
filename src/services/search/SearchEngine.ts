import { countryByCode, inCountry, inCountryParts } from '../../../config/countries';
import { inCountryPhrase, inCountryPhraseParts, inPlace, inPlaceParts } from '../../shared/i18n/inPlace';
import type { CatalogueId } from '../../shared/i18n/regions';
import { ServiceError } from '../jsonapi';
import { type Gazetteer, type Place, distanceKm } from '../places/Gazetteer';
import { comparablePrice } from './currencies';
import { parseFilters, type FilterValue, type SearchParams } from './params';
import {
  CAR_MAKES,
  CAR_TYPES,
  DEAL_TYPES,
  FUELS,
  JOB_CATEGORIES,
  JOB_TYPES,
  PRODUCT_CATEGORIES,
  PROPERTY_TYPES,
  TRANSMISSIONS,
  WORKING_HOURS,
  labelOf,
  type Lang,
  type RefItem,
} from './reference';
import type { SearchStore } from './SearchStore';
import {
  KEYWORD_MEMBERS,
  SECTION,
  SECTION_TYPE,
  adResource,
  isPremium,
  siteContext,
  type SiteContext,
} from './present';
import { adsCount, isStopWord, makesNamedFrom, searchSynonyms, verticalNoun, withMakeNames } from './searchWords';
import { capitalize, editDistance, normalizePhrase, slug, spaceWords, tokenize } from './text';
import type {
  Candidate,
  CandidateQuery,
  CandidateResult,
  RangeField,
  SiteKey,
  Sort,
  StoredAd,
  TagField,
} from './types';

/**
 * The query engine: turns a call's parameters into store queries over the
 * capped candidate set, then ranks, sorts, pages, facets and presents.
 * See docs/search.md and docs/decisions/012-capped-candidates.md.
 */

/** Candidates ranked per request at least (more when a deep page needs them). */
export const DEFAULT_CANDIDATE_CAP = 500;
/** The deepest result a search reaches (page × size), like a search engine's result window. */
export const MAX_RESULT_WINDOW = 10_000;
const PREMIUM_CAP = 100;
const FEW_RESULTS = 10;
/**
 * The "Nearby" ads (`nearbyAds`): the newest matches of the site first looked at; store queries a
 * search at most, fewer with a range filter (each query walks the words' matches to test it: ~1 ms
 * a query without, up to ~10 ms with, on a site of 1,000,000 ads); cities a query at most; the band
 * of distances within which a query's newest ads are taken as they come.
 */
const NEARBY_CAP = 40;
const NEARBY_QUERIES = 12;
const NEARBY_QUERIES_FILTERED = 7;
const NEARBY_RING = 256;
const NEARBY_BAND_KM = 10;
/** Cities the nearby walk goes out through (the gazetteer's nearest, of its biggest 1,500). */
const NEARBY_CITIES = 1500;
const PLACE_LISTS = 5000;

interface PlaceLists {
  siblings: { id: number; name: string }[];
  regions: { id: number; name: string }[];
  cities: { id: number; name: string }[];
}

export type SearchMode = 'search' | 'landing' | 'retention';

/** The filters that name a place. */
const PLACE_FILTERS = ['region', 'city', 'cityArea', 'geoId'] as const;

/**
 * A city or area at the end of a what is taken as the search's place from this size (`placeInWhat`):
 * below it, too many are also words of ads ("auto azul": Azul, Argentina, 54,000 people).
 */
const PLACE_IN_WHAT_MIN_PEOPLE = 100_000;

/** Car makes and models, never a place at the end of a cars what ("seat leon", "hyundai tucson"). */
const CAR_NAMES = new Set(CAR_MAKES.flatMap((m) => [m.name, ...m.models]).map(normalizePhrase));

interface Plan {
  site: SiteKey;
  ctx: SiteContext;
  params: SearchParams;
  filters: Record<string, FilterValue>;
  whatTokens: string[];
  terms: string[][];
  /** The terms with a make parted into words named by its Latin name instead, when the what has one. */
  makeTerms: string[][] | undefined;
  /** The words of a where that is no place the gazetteer knows: searched with the what's, whatever it becomes. */
  whereTerms: string[][];
  place: Place | undefined;
  placeCorrected: boolean;
  /** The place was the end of the what ("flat london"): `params` hold the what without it and the place as where. */
  placeFromWhat: boolean;
  tags: { field: TagField; values: (string | number)[] }[];
  placeTags: { field: TagField; values: (string | number)[] }[];
  ranges: { field: RangeField; min?: number; max?: number }[];
  autoFilters: Record<string, unknown>;
  make: string | undefined;
  model: string | undefined;
}

export interface EngineOptions {
  store: SearchStore;
  gazetteer: Gazetteer;
  now: () => Date;
  candidateCap?: number;
}

/**
 * An ad's duplicates as its page lists and counts them: one copy per other partner (a partner that
 * lists one flat twice is one source of it, and its second copy no other site's).
 */
function otherSources(ad: StoredAd, group: readonly StoredAd[]): StoredAd[] {
  const seen = new Set([ad.sourceId]);
  return group.filter((d) => !seen.has(d.sourceId) && seen.add(d.sourceId));
}

export class SearchEngine {
  private readonly cap: number;
  private readonly cache = new Map<string, { at: number; value: unknown }>();
  private readonly placeListCache = new Map<string, PlaceLists>();

  constructor(private readonly options: EngineOptions) {
    this.cap = options.candidateCap ?? DEFAULT_CANDIDATE_CAP;
  }

  private get store(): SearchStore {
    return this.options.store;
  }

  private get places(): Gazetteer {
    return this.options.gazetteer;
  }

  private nowSeconds(): number {
    return Math.floor(this.options.now().getTime() / 1000);
  }

  // ---- planning ------------------------------------------------------------

  private resolvePlaceRef(site: SiteKey, value: string, parameter: string): Place {
    const place = /^\d+$/.test(value)
      ? this.places.place(Number(value), site.country)
      : this.places.resolve(site.country, value)?.place;
    if (!place || place.country !== site.country) {
      throw ServiceError.badParameter(parameter, `${parameter}: no such place in this country`);
    }
    return place;
  }

  private whatTerms(
    what: string,
    ctx: SiteContext,
  ): { tokens: string[]; terms: string[][]; makeTerms: string[][] | undefined } {
    // Words as the index has them: apart where their script writes them together ("大阪のマンション").
    const all = tokenize(spaceWords(what)).slice(0, 12);
    const meaningful = all.filter((t) => !isStopWord(t, ctx.lang));
    const tokens = meaningful.length > 0 ? meaningful : all;
    const termsOf = (words: string[]) => words.map((token) => withSynonyms(variants(token), ctx));
    // A make its script parts into words (โตโยต้า, フォルクスワーゲン) is searched as written first, and as
    // its Latin name when that finds nothing (`search`).
    const named = withMakeNames(tokens);
    return { tokens, terms: termsOf(tokens), makeTerms: named.length < tokens.length ? termsOf(named) : undefined };
  }

  /** Keeps a word's plural/singular variant only when the site's titles know it (an OR costs). */
  private async pruneVariants(plan: Plan): Promise<void> {
    plan.terms = await Promise.all(
      plan.terms.map(async (variants) => {
        if (variants.length < 2) return variants;
        const kept = [variants[0] as string];
        for (const v of variants.slice(1)) if (await this.store.hasTerm(plan.site, v)) kept.push(v);
        return kept;
      }),
    );
  }

  /**
   * A place that ends the what of a search that names none ("flat london", "piso en Málaga"): the
   * what's other words and the place's name. Only a place named exactly, and a region or a place
   * of at least `PLACE_IN_WHAT_MIN_PEOPLE`, so that a word that is also a small town ("flat high
   * street", Street in Somerset) stays a word; never a stop word or, on a cars site, a car's make or
   * model; the what must keep a word besides it, except on a jobs site, whose what is its only box
   * ("houston" is the jobs in Houston, decision 083).
   */
  private placeInWhat(site: SiteKey, what: string, lang: Lang): { what: string; where: string } | undefined {
    const words = what
      .trim()
      .split(/\s+/)
      .filter((w) => w.length > 0);
    const wholeWhat = site.vertical === 'jobs';
    for (let n = Math.min(3, wholeWhat ? words.length : words.length - 1); n >= 1; n--) {
      const phrase = words.slice(-n).join(' ');
      const name = normalizePhrase(phrase);
      // A word of the language ("para": Pará) or a car's name is what it says.
      if (isStopWord(name, lang) || (site.vertical === 'cars' && CAR_NAMES.has(name))) continue;
      // A place with its region, as the site's labels write it ("Houston, Texas"), is that place.
      const withRegion = /[,،，、]/.test(phrase) ? this.places.resolve(site.country, phrase) : undefined;
      const place = withRegion && !withRegion.corrected ? withRegion.place : this.places.named(site.country, name);
      if (!place || place.kind === 'country') continue;
      if (place.kind !== 'region' && place.population < PLACE_IN_WHAT_MIN_PEOPLE) continue;
      const rest = words.slice(0, -n);
      // "in", "en", "à": the preposition goes with the place.
      while (rest.length > 0 && tokenize(rest[rest.length - 1] as string).every((t) => isStopWord(t, lang))) rest.pop();
      if (rest.length === 0 && !wholeWhat) return undefined;
      return { what: rest.join(' ').replace(/[\s,;:/-]+$/, ''), where: place.name };
    }
    return undefined;
  }

  /**
   * The search a keyword of the index opens (`placeInWhat`): "Cottage Bexley" is a cottage in Bexley,
   * so its link is that search's page rather than one that moves there.
   */
  splitWhat(site: SiteKey, what: string): { what: string; where: string } | undefined {
    return site.vertical === 'jobs' ? undefined : this.placeInWhat(site, what, this.contextOf(site).lang);
  }

  /** The site's presentation context, with the gazetteer's place names of today. */
  private contextOf(site: SiteKey): SiteContext {
    const places = this.places;
    return { ...siteContext(site, this.nowSeconds()), placeName: (id) => places.place(id, site.country)?.name };
  }

  plan(site: SiteKey, given: SearchParams, mode: SearchMode = 'search'): Plan {
    const ctx = this.contextOf(site);
    const filters = parseFilters(given.filters, site.vertical);
    const named = PLACE_FILTERS.some((name) => filters[name] !== undefined);
    const split = named || given.where ? undefined : this.placeInWhat(site, given.what, ctx.lang);
    const params = split ? { ...given, ...split } : given;
    const { tokens, terms, makeTerms } = this.whatTerms(params.what, ctx);
    const tags: Plan['tags'] = [];
    const placeTags: Plan['placeTags'] = [];
    const ranges: Plan['ranges'] = [];
    const autoFilters: Record<string, unknown> = {};
    const whereTerms: string[][] = [];
    let place: Place | undefined;
    let placeCorrected = false;
    for (const name of PLACE_FILTERS) {
      const value = filters[name];
      if (value === undefined) continue;
      const p = this.resolvePlaceRef(site, String(value), `filters[${name}]`);
      const field = placeField(p);
      if (field) placeTags.push({ field, values: [p.id] });
      if (!place || rankOfKind(p) > rankOfKind(place)) place = p;
    }
    if (!place && params.where) {
      const resolved = this.places.resolve(site.country, params.where);
      if (resolved) {
        place = resolved.place;
        placeCorrected = resolved.corrected;
        const field = placeField(place);
        if (field) placeTags.push({ field, values: [place.id] });
        autoFilters[field ?? 'country'] = place.id;
      } else {
        for (const t of tokenize(spaceWords(params.where))) if (!isStopWord(t, ctx.lang)) whereTerms.push([t]);
        terms.push(...whereTerms);
      }
    }
    const num = (name: string): number | undefined => {
      const v = filters[name];
      return typeof v === 'number' ? v : undefined;
    };
    const range = (field: RangeField, min: number | undefined, max: number | undefined) => {
      if (min !== undefined || max !== undefined) {
        ranges.push({ field, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
      }
    };
    const tagList = (field: TagField, name: string, map: (v: string | number) => string | number = (v) => v) => {
      const v = filters[name];
      if (Array.isArray(v) && v.length > 0) tags.push({ field, values: v.map(map) });
    };
    const tagBool = (field: TagField, name: string) => {
      const v = filters[name];
      if (typeof v === 'boolean') tags.push({ field, values: [v ? 1 : 0] });
    };
    if (params.typeId !== undefined) tags.push({ field: 'typeId', values: [params.typeId] });
    tagBool('photos', 'photos');
    if (filters.decreasePrice === true) tags.push({ field: 'decreasePrice', values: [1] });
    range('date', num('dateFrom') ?? (mode === 'retention' ? params.boostAdsSince : undefined), undefined);
    const latMin = filters.latMin as number | undefined;
    const latMax = filters.latMax as number | undefined;
    const longMin = filters.longMin as number | undefined;
    const longMax = filters.longMax as number | undefined;
    range('lat', latMin, latMax);
    range('lng', longMin, longMax);
    let make: string | undefined;
    let model: string | undefined;
    switch (site.vertical) {
      case 'homes':
        tagBool('parking', 'parking');
        tagBool('newBuild', 'newBuild');
        tagList('propertyType', 'propertyType');
        range('price', num('priceMin'), num('priceMax'));
        range('area', num('areaMin'), num('areaMax'));
        range('rooms', num('roomsMin'), num('roomsMax'));
        range('bathrooms', num('bathroomsMin'), num('bathroomsMax'));
        break;
      case 'cars': {
        tagList('make', 'make', (v) => slug(String(v)));
        tagList('model', 'model', (v) => slug(String(v)));
        tagList('carType', 'carType');
        tagList('transmission', 'transmission');
        tagList('fuel', 'fuel');
        range('year', num('yearMin'), num('yearMax'));
        range('mileage', num('mileageMin'), num('mileageMax'));
        range('doors', num('doorsMin'), num('doorsMax'));
        const p = filters.price as { min?: number; max?: number } | undefined;
        range('price', num('priceMin') ?? p?.min, num('priceMax') ?? p?.max);
        const found = detectMake(tokens);
        make = found.make ?? (Array.isArray(filters.make) ? String(filters.make[0]) : undefined);
        model = found.model ?? (Array.isArray(filters.model) ? String(filters.model[0]) : undefined);
        if (found.make) autoFilters.make = slug(found.make);
        if (found.model) autoFilters.model = slug(found.model);
        break;
      }
      case 'jobs': {
        range('salary', num('salaryMin'), num('salaryMax'));
        tagList('category', 'category');
        tagList('company', 'company', (v) => slug(String(v)));
        tagList('jobType', 'jobType');
        tagList('workingHours', 'workingHours');
        range('experience', num('experienceMin'), undefined);
        tagBool('telecommute', 'telecommute');
        const distance = num('distance');
        if (distance !== undefined && place && place.kind !== 'country') {
          const dLat = distance / 111;
          const dLng = distance / (111 * Math.max(0.1, Math.cos((place.lat * Math.PI) / 180)));
          // Within a radius: the place tag gives way to a box around the place.
          placeTags.length = 0;
          range('lat', place.lat - dLat, place.lat + dLat);
          range('lng', place.lng - dLng, place.lng + dLng);
        }
        break;
      }
      case 'products':
        range('price', num('priceMin'), num('priceMax'));
        break;
    }
    return {
      site,
      ctx,
      params,
      filters,
      whatTokens: tokens,
      terms,
      makeTerms,
      whereTerms,
      place,
      placeCorrected,
      placeFromWhat: split !== undefined && place !== undefined,
      tags,
      placeTags,
      ranges,
      autoFilters,
      make,
      model,
    };
  }

  private query(plan: Plan, overrides: Partial<CandidateQuery> = {}): CandidateQuery {
    const { params } = plan;
    const needed = params.pageNumber * params.organicSize;
    return {
      site: plan.site,
      terms: plan.terms,
      tags: [...plan.tags, ...plan.placeTags],
      ranges: plan.ranges,
      order: params.sort === 'source_date_asc' ? 'oldest' : 'newest',
      limit: Math.min(MAX_RESULT_WINDOW, Math.max(this.cap, Math.ceil(needed * 1.1))),
      ...overrides,
    };
  }

  private async premiumSourceIds(site: SiteKey, userCampaignIds: number[]): Promise<Map<number, number>> {
    const cpc = new Map<number, number>();
    for (const s of await this.store.sources(site)) {
      const active = s.campaigns.filter((c) => c.active);
      if (active.length === 0) continue;
      const boosted = active.some((c) => userCampaignIds.includes(c.id));
      cpc.set(s.id, Math.max(...active.map((c) => c.cpcDesktop + c.cpcMobile)) + (boosted ? 1000 : 0));
    }
    return cpc;
  }

  // ---- search ----------------------------------------------------------------

  async search(
    site: SiteKey,
    params: SearchParams,
    mode: SearchMode,
    selfPath: string,
  ): Promise<Record<string, unknown>> {
    if (mode === 'retention' && params.boostAdsSince === undefined) {
      throw ServiceError.badParameter('boostAdsSince', 'boostAdsSince is required for retention ads');
    }
    const plan = this.plan(site, params, mode);
    await this.pruneVariants(plan);
    let organic = await this.store.findCandidates(this.query(plan));
    if (organic.candidates.length === 0 && plan.makeTerms) {
      plan.terms = [...plan.makeTerms, ...plan.whereTerms];
      await this.pruneVariants(plan);
      organic = await this.store.findCandidates(this.query(plan));
    }
    // "Did you mean" only when the words found nothing: one match means every word is known.
    let correction: { didYouMean: string | null; redirect: string | null } = { didYouMean: null, redirect: null };
    if (organic.candidates.length === 0 && plan.whatTokens.length > 0) {
      correction = await this.correctWhat(plan);
      if (correction.redirect) {
        const { tokens, terms } = this.whatTerms(correction.redirect, plan.ctx);
        plan.whatTokens = tokens;
        // A where that is no known place stays the words it was ("vél" in "lyo" is "velo" in "lyo").
        plan.terms = [...terms, ...plan.whereTerms];
        await this.pruneVariants(plan);
        organic = await this.store.findCandidates(this.query(plan));
      }
    }
    const premiumCpc = await this.premiumSourceIds(site, params.userCampaignIds);
    const wantPremium = premiumCpc.size > 0 && (params.premiumSize > 0 || mode === 'landing');
    let ranked = rank(organic, plan);
    // Duplicates collapse within the candidates: widen the cap when a deep page falls short.
    const wanted = params.pageNumber * params.organicSize;
    let organicLimit = this.query(plan).limit;
    while (ranked.list.length < wanted && !organic.complete && organicLimit < MAX_RESULT_WINDOW) {
      organicLimit = Math.min(MAX_RESULT_WINDOW, organicLimit * 2);
      organic = await this.store.findCandidates(this.query(plan, { limit: organicLimit }));
      ranked = rank(organic, plan);
    }
    const total = ranked.total;
    // Premium candidates: the organic walk usually holds them already (same matches, same
    // order); a second, source-restricted walk only when it holds too few.
    const premium = !wantPremium
      ? { candidates: [], complete: true, total: 0 }
      : (premiumFromOrganic(organic, premiumCpc, this.query(plan).order === 'newest', organicLimit) ??
        (await this.store.findCandidates(
          this.query(plan, {
            tags: [...plan.tags, ...plan.placeTags, { field: 'source', values: [...premiumCpc.keys()] }],
            limit: PREMIUM_CAP,
            order: 'newest',
          }),
        )));
    const premiumRanked = rank(premium, plan);
    const premiumSorted = premiumRanked.list
      .slice()
      .sort(
        (a, b) =>
          (premiumCpc.get(b.sourceId) ?? 0) - (premiumCpc.get(a.sourceId) ?? 0) || a.score - b.score || b.date - a.date,
      );
    const keyword = params.retrieveKeyword ? await this.keyword(plan, correction) : undefined;
    if (total + (mode === 'landing' ? premiumRanked.total : 0) === 0) {
      throw new NoResults(keyword ? { keyword } : {});
    }
    const size = params.organicSize;
    const maxPage = Math.max(1, Math.min(Math.ceil(total / size), Math.floor(MAX_RESULT_WINDOW / size)));
    const start = (params.pageNumber - 1) * size;
    const pageItems = ranked.list.slice(start, start + size);
    // A landing page's first page may be premium ads alone; a page past the last is not found in any mode.
    if (pageItems.length === 0 && (mode !== 'landing' || params.pageNumber > 1)) {
      throw new ServiceError(404, 'PAGE_NOT_FOUND', `Page ${params.pageNumber} is past the last page (${maxPage})`);
    }
    const onPage = new Set(pageItems.map((c) => c.id));
    const premiumPool = premiumSorted.filter((c) => !onPage.has(c.id));
    const psize = params.premiumSize;
    const premiumItems: typeof premiumPool = [];
    if (premiumPool.length > 0 && psize > 0) {
      const offset = ((params.pageNumber - 1) * psize) % premiumPool.length;
      for (let i = 0; i < Math.min(psize, premiumPool.length); i++) {
        premiumItems.push(premiumPool[(offset + i) % premiumPool.length] as (typeof premiumPool)[number]);
      }
    }
    // Few results: ads for the same what nearby, and ads like these without the what.
    let alternative: Candidate[] = [];
    const similar: Candidate[] = [];
    if (mode === 'search' && total < FEW_RESULTS) {
      const shown = new Set([...onPage, ...premiumItems.map((c) => c.id)]);
      // A flat published by several partners is shown once, in whichever list comes first (decision 041).
      const shownGroups = new Set<number>();
      for (const c of [...pageItems, ...premiumItems]) {
        if (c.duplicateGroup !== null) shownGroups.add(c.duplicateGroup);
      }
      if (plan.placeTags.length > 0) {
        alternative = await this.nearbyAds(plan, shown, shownGroups);
        for (const c of alternative) {
          shown.add(c.id);
          if (c.duplicateGroup !== null) shownGroups.add(c.duplicateGroup);
        }
      }
      if (plan.terms.length > 0) {
        const r = await this.store.findCandidates(this.query(plan, { terms: [], limit: 40, order: 'newest' }));
        for (const c of r.candidates) {
          if (similar.length >= FEW_RESULTS) break;
          if (shown.has(c.id) || (c.duplicateGroup !== null && shownGroups.has(c.duplicateGroup))) continue;
          if (c.duplicateGroup !== null) shownGroups.add(c.duplicateGroup);
          similar.push(c);
        }
      }
    }
    const ids = [
      ...pageItems.map((c) => c.id),
      ...premiumItems.map((c) => c.id),
      ...alternative.map((c) => c.id),
      ...similar.map((c) => c.id),
    ];
    const docs = new Map((await this.store.getAds(ids)).map((a) => [a.id, a]));
    const sourcesOf = await this.groupSources(
      site,
      [...pageItems, ...premiumItems, ...alternative, ...similar].map((c) => c.duplicateGroup),
    );
    const ctx = plan.ctx;
    const present = (c: Candidate, placement: Parameters<typeof adResource>[2]) => {
      const ad = docs.get(c.id);
      return ad
        ? [
            adResource(
              ad,
              ctx,
              { ...placement, from: plan.place, listing: true, device: params.device },
              params.adFields,
            ),
          ]
        : [];
    };
    const organicSection =
      mode === 'retention' ? SECTION.onlyNew : mode === 'landing' ? SECTION.landing : SECTION.results;
    const organicData = pageItems.flatMap((c, i) =>
      present(c, {
        sectionId: organicSection,
        sectionTypeId: SECTION_TYPE.organic,
        position: start + i + 1,
        totalSources: sourcesOf(c.duplicateGroup),
      }),
    );
    const premiumData = premiumItems.flatMap((c, i) =>
      present(c, {
        sectionId: mode === 'landing' ? SECTION.landing : SECTION.premiumTop,
        sectionTypeId: SECTION_TYPE.premium,
        position: i + 1,
        totalSources: sourcesOf(c.duplicateGroup),
      }),
    );
    if (mode === 'search' && params.userCampaignIds.length === 0 && plan.whatTokens.length > 0 && total > 0) {
      this.store.recordSearch(site, correction.redirect ?? params.what);
    }
    const facets = buildFacets(ranked.list, ranked.scale, plan, this.places);
    const pagination = paginationLinks(selfPath, params, maxPage);
    const title = titleOf(plan, correction.redirect);
    const meta: Record<string, unknown> = {
      title,
      description: `${title}${ctx.lang === 'fr' ? '\u00a0:' : ':'} ${adsCount(total, ctx.locale, ctx.lang)}.`,
      totalCount: total,
      totalPremiumCount: premiumRanked.total,
      countIsEstimate: !organic.complete,
      fresh: ranked.list.filter((c) => ctx.now - c.date < 24 * 3600).length,
      facets,
      pagination: { page: params.pageNumber, maxPage, ...pagination },
      pageSizes: { organic: size, premium: psize },
      filters: { auto: plan.autoFilters, user: userFilters(plan) },
      sort: params.sort,
      premium: mode === 'landing' ? [] : premiumData,
      alternativeAds: alternative.flatMap((c, i) =>
        present(c, {
          sectionId: SECTION.fewResultsAlternative,
          sectionTypeId: SECTION_TYPE.organic,
          position: i + 1,
          totalSources: sourcesOf(c.duplicateGroup),
          isAlternativeAd: true,
        }),
      ),
      similarContentAds: similar.flatMap((c, i) =>
        present(c, {
          sectionId: SECTION.fewResultsSimilar,
          sectionTypeId: SECTION_TYPE.organic,
          position: i + 1,
          totalSources: sourcesOf(c.duplicateGroup),
          isSimilarContentAd: true,
        }),
      ),
      ...(keyword ? { keyword } : {}),
    };
    return {
      data: mode === 'landing' ? [...premiumData, ...organicData] : organicData,
      meta,
      links: { self: pagination.self },
    };
  }

  /**
   * The sources of listed ads, by their duplicate groups: a group's live ads on the site, whatever a
   * search matched of them (the number its ad page gives: a filter only one copy passes does not make
   * it one source); 1 for an ad of no group. One query for all the groups listed.
   */
  private async groupSources(
    site: SiteKey,
    groups: readonly (number | null | undefined)[],
  ): Promise<(group: number | null | undefined) => number> {
    const sizes = await this.store.groupSizes(
      site,
      groups.filter((g): g is number => typeof g === 'number'),
    );
    return (group) => (typeof group === 'number' ? (sizes.get(group) ?? 1) : 1);
  }

  /**
   * The "Nearby" ads of a search with few results (`alternativeAds`, section 206): the same search
   * outside its place, nearest first whatever their dates, a duplicate group once (and none shown
   * above). The newest matches of the whole site come first: when they are every match, they are
   * all there is to sort. Otherwise the walk goes out from the place through rings of the
   * gazetteer's nearest cities (1, 2, 4 … at most `NEARBY_RING` a query; a ring that fills its cap
   * is asked again in halves, nearer first) until enough ads lie nearer than the nearest city not
   * asked yet. Each query is the search's own index walk with city tags, capped, and there are at
   * most `NEARBY_QUERIES` (`NEARBY_QUERIES_FILTERED` with a range filter): never a scan of the
   * site's ads, and never fewer ads than the newest matches alone gave.
   */
  private async nearbyAds(
    plan: Plan,
    shown: ReadonlySet<string>,
    shownGroups: ReadonlySet<number>,
  ): Promise<Candidate[]> {
    const place = plan.place;
    const found = new Map<string, { c: Candidate; km: number }>();
    let queries = 0;
    const ask = async (tags: Plan['placeTags'], limit: number): Promise<CandidateResult> => {
      queries++;
      const r = await this.store.findCandidates(
        this.query(plan, { tags: [...plan.tags, ...tags], limit, order: 'newest' }),
      );
      for (const c of r.candidates) {
        if (found.has(c.id) || shown.has(c.id) || inPlaceOf(c, plan.placeTags)) continue;
        if (c.duplicateGroup !== null && shownGroups.has(c.duplicateGroup)) continue;
        found.set(c.id, { c, km: place ? this.kmTo(place, c) : Infinity });
      }
      return r;
    };
    // The found ads nearest first, a duplicate group once (its nearest).
    const nearest = (): Candidate[] => {
      const groups = new Set<number>();
      const out: Candidate[] = [];
      const sorted = [...found.values()].sort((a, b) => a.km - b.km || b.c.date - a.c.date || a.c.key - b.c.key);
      for (const { c } of sorted) {
        if (c.duplicateGroup !== null) {
          if (groups.has(c.duplicateGroup)) continue;
          groups.add(c.duplicateGroup);
        }
        out.push(c);
      }
      return out;
    };
    // Enough ads within `km`: none of the cities not asked yet (all farther) can come before them.
    const enough = (km: number) =>
      nearest().filter((c) => (found.get(c.id)?.km ?? Infinity) <= km).length >= FEW_RESULTS;
    // The newest matches of the whole site: every match when they are complete; when they stopped
    // short of the cap, the store's scan budget ran out on matches too sparse (a range few ads meet)
    // to walk the cities for, each walk as long.
    const everywhere = await ask([], NEARBY_CAP);
    if (!place || everywhere.candidates.length < NEARBY_CAP) return nearest().slice(0, FEW_RESULTS);
    const cities = this.places
      .nearestCities(plan.site.country, place.lat, place.lng, NEARBY_CITIES, new Set([place.id]))
      .filter((n) => place.kind !== 'region' || n.place.regionId !== place.id);
    const budget = plan.ranges.length > 0 ? NEARBY_QUERIES_FILTERED : NEARBY_QUERIES;
    const walk = async (ring: typeof cities): Promise<void> => {
      const first = ring[0];
      if (!first || queries >= budget || enough(first.km)) return;
      // A section's worth of ads a ring: all nearer than the next ring, they are enough.
      const r = await ask([{ field: 'city', values: ring.map((n) => n.place.id) }], FEW_RESULTS);
      // A ring that filled the cap holds only its newest: its nearer half is asked first, unless its
      // cities are about as far (within a band of 10 km, or a quarter of their distance).
      const last = ring[ring.length - 1] as (typeof ring)[number];
      if (r.candidates.length < FEW_RESULTS || last.km - first.km <= Math.max(NEARBY_BAND_KM, first.km / 4)) return;
      const half = Math.ceil(ring.length / 2);
      await walk(ring.slice(0, half));
      await walk(ring.slice(half));
    };
    for (
      let i = 0, size = 1;
      i < cities.length && queries < budget;
      i += size, size = Math.min(size * 2, NEARBY_RING)
    ) {
      if (enough((cities[i] as (typeof cities)[number]).km)) break;
      await walk(cities.slice(i, i + size));
    }
    return nearest().slice(0, FEW_RESULTS);
  }

  /** How far an ad is from a place: by its coordinates, else by its area's, city's or region's. */
  private kmTo(place: Place, c: Candidate): number {
    if (c.lat !== null && c.lng !== null) return distanceKm(place.lat, place.lng, c.lat, c.lng);
    for (const id of [c.cityAreaId, c.cityId, c.regionId]) {
      const at = id !== null ? this.places.place(id, place.country) : undefined;
      if (at) return distanceKm(place.lat, place.lng, at.lat, at.lng);
    }
    return Infinity;
  }

  /** "Did you mean": words of `what` unknown to the site, with their nearest known title word. */
  private async correctWhat(plan: Plan): Promise<{ didYouMean: string | null; redirect: string | null }> {
    if (plan.whatTokens.length === 0) return { didYouMean: null, redirect: null };
    let changed = false;
    let unknown = 0;
    const corrected: string[] = [];
    for (const token of plan.whatTokens) {
      const known =
        token.length < 3 ||
        /^\d+$/.test(token) ||
        (
          await this.store.findCandidates({
            site: plan.site,
            terms: [variants(token)],
            tags: [],
            ranges: [],
            order: 'newest',
            limit: 1,
          })
        ).candidates.length > 0;
      if (known) {
        corrected.push(token);
        continue;
      }
      unknown++;
      const pool = await this.store.termsByPrefix(plan.site, token.slice(0, 1), 500);
      let best: { term: string; d: number; ads: number } | undefined;
      const max = token.length >= 7 ? 2 : 1;
      for (const t of pool) {
        const d = editDistance(token, t.term, max);
        if (d <= max && (!best || d < best.d || (d === best.d && t.ads > best.ads)))
          best = { term: t.term, d, ads: t.ads };
      }
      if (best) {
        corrected.push(best.term);
        changed = true;
      } else corrected.push(token);
    }
    if (!changed) return { didYouMean: null, redirect: null };
    const phrase = corrected.join(' ');
    // Every word unknown and corrected: search the correction and tell the client to redirect.
    return { didYouMean: phrase, redirect: unknown === plan.whatTokens.length ? phrase : null };
  }

  /**
   * The keyword object (`meta.keyword`): the search's words and place, and the links and
   * lists around them. With `fields[keyword]` only the members named are built (similar
   * keywords, for one, cost a store query).
   */
  private async keyword(
    plan: Plan,
    correction: { didYouMean: string | null; redirect: string | null },
  ): Promise<Record<string, unknown>> {
    const { params, place, ctx } = plan;
    const lineage = place ? this.places.lineage(place) : [];
    const region = lineage.find((p) => p.kind === 'region');
    const city = lineage.find((p) => p.kind === 'city');
    const cityArea = lineage.find((p) => p.kind === 'cityArea');
    const ref = (p: Place | undefined) => (p ? { id: p.id, name: p.name } : null);
    const typeItems =
      plan.site.vertical === 'homes' ? DEAL_TYPES : plan.site.vertical === 'products' ? PRODUCT_CATEGORIES : [];
    const what = correction.redirect ?? params.what;
    const members: Record<(typeof KEYWORD_MEMBERS)[number], () => unknown> = {
      // A corrected what, or the what without the place that ended it: the search the page moves to.
      redirectWhat: () => correction.redirect ?? (plan.placeFromWhat ? params.what : null),
      redirectWhere: () =>
        place && plan.placeCorrected ? this.places.label(place) : place && plan.placeFromWhat ? place.name : null,
      empty: () => !params.what && !params.where && !place,
      what: () => what,
      url: () => seoPath(what, place?.name ?? params.where),
      whatSearch: () => plan.whatTokens.join(' '),
      where: () => place?.name ?? params.where,
      didYouMeanWhat: () => (correction.redirect ? null : correction.didYouMean),
      region: () => ref(region),
      city: () => ref(city),
      cityArea: () => ref(cityArea),
      geoInfo: () =>
        lineage
          .filter((p) => p.kind !== 'country')
          .reverse()
          .map((p, i) => ({ id: p.id, name: p.name, visible: i < 2 })),
      make: () => plan.make ?? null,
      model: () => plan.model ?? null,
      categoryTypeId: () => params.typeId ?? null,
      similarKeywords: () => undefined,
      breadcrumb: () =>
        lineage.map((p) => ({
          id: p.id,
          name: p.name,
          kind: p.kind,
          url: seoPath(params.what, p.kind === 'country' ? '' : p.name),
        })),
      hierarchy: () => {
        const places = this.placeLists(plan.site.country, place, region);
        return {
          geo: lineage.map((p) => ({ id: p.id, name: p.name, kind: p.kind })),
          geoHorizontal: places.siblings,
          region: places.regions,
          city: places.cities,
          current: place ? { id: place.id, name: place.name, kind: place.kind } : null,
          condition: [],
          amenities: [],
          fuel: plan.site.vertical === 'cars' ? refList(FUELS, ctx.wording) : [],
          model:
            plan.site.vertical === 'cars' && plan.make
              ? (CAR_MAKES.find((m) => slug(m.name) === slug(plan.make ?? ''))?.models ?? []).map((m) => ({
                  value: slug(m),
                  label: m,
                }))
              : [],
          propertyType: plan.site.vertical === 'homes' ? refList(PROPERTY_TYPES, ctx.wording) : [],
          subcategory: refList(typeItems, ctx.wording),
        };
      },
    };
    const wanted = params.keywordFields;
    const keyword: Record<string, unknown> = {};
    for (const name of KEYWORD_MEMBERS) {
      if (wanted && !wanted.has(name)) continue;
      keyword[name] =
        name === 'similarKeywords' ? await this.similarKeywords(plan) : (members[name] as () => unknown)();
    }
    return keyword;
  }

  /** Up to six keywords people searched that start with the search's first word (not the search itself). */
  private async similarKeywords(plan: Plan): Promise<{ keyword: string; url: string }[]> {
    const first = plan.whatTokens[0];
    if (!first) return [];
    return (await this.store.keywordsByPrefix(plan.site, first, 8))
      .filter((k) => k.norm !== normalizePhrase(plan.params.what))
      .slice(0, 6)
      .map((k) => ({ keyword: k.keyword, url: `?what=${encodeURIComponent(k.keyword)}` }));
  }

  /**
   * The place lists of the keyword object (nearest cities, the country's regions, the
   * region's cities): gazetteer data, fixed for the process's life, so kept per place
   * (at most PLACE_LISTS entries; the map starts over when full).
   */
  private placeLists(country: string, place: Place | undefined, region: Place | undefined): PlaceLists {
    const key = `${country}|${place?.id ?? ''}|${region?.id ?? ''}`;
    let lists = this.placeListCache.get(key);
    if (!lists) {
      const ref = (p: Place) => ({ id: p.id, name: p.name });
      lists = {
        siblings:
          place && place.kind !== 'country'
            ? this.places.nearestCities(country, place.lat, place.lng, 6, new Set([place.id])).map((n) => ref(n.place))
            : [],
        regions: this.places.regions(country).slice(0, 20).map(ref),
        cities: this.places
          .cities(country)
          .filter((c) => !region || c.regionId === region.id)
          .slice(0, 20)
          .map(ref),
      };
      if (this.placeListCache.size >= PLACE_LISTS) this.placeListCache.clear();
      this.placeListCache.set(key, lists);
    }
    return lists;
  }

  // ---- one ad, related ------------------------------------------------------

  async ad(site: SiteKey, id: string, device: string): Promise<Record<string, unknown>> {
    const ad = await this.store.getAd(id);
    if (!ad || ad.country !== site.country || ad.vertical !== site.vertical) {
      throw ServiceError.notFound(`No ad ${id} on this site`, 'AD_NOT_FOUND');
    }
    const duplicates = otherSources(ad, await this.store.duplicatesOf(ad));
    const ctx = this.contextOf(site);
    const resource = adResource(ad, ctx, {
      sectionId: ad.expired ? SECTION.expired : SECTION.results,
      sectionTypeId: isPremium(ad) ? SECTION_TYPE.premium : SECTION_TYPE.organic,
      position: 1,
      totalSources: duplicates.length + 1,
      device,
    });
    return { data: resource, meta: { expired: ad.expired, duplicates: duplicates.map((d) => d.id) } };
  }

  async related(
    site: SiteKey,
    id: string,
    params: { what: string; where: string; device: string },
  ): Promise<Record<string, unknown>> {
    const ad = await this.store.getAd(id);
    if (!ad || ad.country !== site.country || ad.vertical !== site.vertical) {
      throw ServiceError.notFound(`No ad ${id} on this site`, 'AD_NOT_FOUND');
    }
    const ctx = this.contextOf(site);
    // The group's every ad is left out of the similar ones; its other partners' copies are its duplicates.
    const group = await this.store.duplicatesOf(ad);
    const duplicates = otherSources(ad, group).slice(0, 6);
    const exclude = [ad.id, ...group.map((d) => d.id)];
    const kindTags = relatedTags(ad);
    const { terms } = this.whatTerms(params.what, ctx);
    const wherePlace = params.where ? this.places.resolve(site.country, params.where)?.place : undefined;
    const l = ad.location;
    const placeSteps: { field: TagField; values: number[] }[][] = [];
    if (wherePlace && placeField(wherePlace))
      placeSteps.push([{ field: placeField(wherePlace) as TagField, values: [wherePlace.id] }]);
    if (l.cityId !== undefined) placeSteps.push([{ field: 'city', values: [l.cityId] }]);
    if (l.regionId !== undefined) placeSteps.push([{ field: 'region', values: [l.regionId] }]);
    placeSteps.push([]);
    const similar: Candidate[] = [];
    const seen = new Set(exclude);
    // One ad per duplicate group (decision 041): the clicked ad's group is listed as its duplicates
    // already, and another flat published by two partners is one similar ad, not two.
    const groups = new Set<number>(typeof ad.duplicateGroup === 'number' ? [ad.duplicateGroup] : []);
    // Widen step by step: same kind and place, then wider places, then any kind.
    const kindSteps = [kindTags, kindTags.slice(0, 1), []];
    for (const kinds of kindSteps) {
      for (const step of placeSteps) {
        for (const withTerms of terms.length > 0 ? [true, false] : [false]) {
          if (duplicates.length + similar.length >= 6) break;
          const r = await this.store.findCandidates({
            site,
            terms: withTerms ? terms : [],
            tags: [...kinds, ...step],
            ranges: [],
            order: 'newest',
            limit: 200,
            excludeIds: exclude,
          });
          // In the site's currency, as the candidates' prices are.
          const price = ad.price ? comparablePrice(ad.price, ad.currency, ad.country) : undefined;
          const sorted = r.candidates.sort((a, b) =>
            price !== undefined ? Math.abs((a.price ?? 0) - price) - Math.abs((b.price ?? 0) - price) : b.date - a.date,
          );
          for (const c of sorted) {
            if (seen.has(c.id) || (c.duplicateGroup !== null && groups.has(c.duplicateGroup))) continue;
            seen.add(c.id);
            if (c.duplicateGroup !== null) groups.add(c.duplicateGroup);
            similar.push(c);
            if (duplicates.length + similar.length >= 6) break;
          }
        }
      }
    }
    const similarDocs = await this.store.getAds(similar.map((c) => c.id));
    const sourcesOf = await this.groupSources(
      site,
      similar.map((c) => c.duplicateGroup),
    );
    const dupSection = params.device === 'desktop' ? SECTION.duplicatesDesktop : SECTION.duplicatesMobile;
    const data = [
      ...duplicates.map((d, i) =>
        adResource(d, ctx, { sectionId: dupSection, sectionTypeId: sectionTypeOf(d), position: i + 1, listing: true }),
      ),
      ...similarDocs.map((d, i) =>
        adResource(d, ctx, {
          sectionId: SECTION.similar,
          sectionTypeId: sectionTypeOf(d),
          position: duplicates.length + i + 1,
          totalSources: sourcesOf(d.duplicateGroup),
          listing: true,
        }),
      ),
    ].slice(0, 6);
    if (data.length === 0) throw new NoResults({});
    return { data, meta: { totalCount: data.length, duplicates: duplicates.length } };
  }

  // ---- autocomplete, SEO links, suggestions ----------------------------------

  async autocomplete(site: SiteKey, field: string, term: string): Promise<Record<string, unknown>> {
    if (field === 'where') {
      const items = this.places.autocomplete(site.country, term, 10).map((p) => ({
        type: 'autocomplete',
        id: String(p.id),
        attributes: { label: this.places.label(p), value: p.name, geoId: p.id, kind: p.kind },
      }));
      return { data: items, meta: { field, term } };
    }
    if (field === 'what') {
      const keywords = await this.store.keywordsByPrefix(site, term, 10);
      const items = keywords.map((k) => ({
        type: 'autocomplete',
        id: k.norm,
        attributes: { label: k.keyword, value: k.keyword, searches: k.searches, ads: k.ads },
      }));
      const seen = new Set(items.map((i) => i.id));
      // A make typed in the site's own script ("トヨ", "تويو"): its ads write it in Latin letters.
      if (site.vertical === 'cars') {
        for (const { name, make } of makesNamedFrom(term)) {
          const id = normalizePhrase(name);
          if (seen.has(id) || items.length >= 10) continue;
          const ads = (await this.store.termsByPrefix(site, make, 5)).find((t) => t.term === make)?.ads ?? 0;
          if (ads === 0) continue;
          seen.add(id);
          // As a make is written: "Тойота", not "тойота".
          const written = capitalize(name);
          items.push({ type: 'autocomplete', id, attributes: { label: written, value: written, searches: 0, ads } });
        }
      }
      if (items.length < 10) {
        const norm = normalizePhrase(term);
        const last = norm.split(' ').pop() ?? '';
        const head = norm.split(' ').slice(0, -1).join(' ');
        const lang = this.contextOf(site).lang;
        for (const t of await this.store.termsByPrefix(site, last, 10)) {
          const phrase = head ? `${head} ${t.term}` : t.term;
          // A word of the language ("for", "de") is no search of its own: a search leaves it out.
          if (seen.has(phrase) || items.length >= 10 || isStopWord(t.term, lang)) continue;
          seen.add(phrase);
          items.push({
            type: 'autocomplete',
            id: phrase,
            attributes: { label: phrase, value: phrase, searches: 0, ads: t.ads },
          });
        }
      }
      return { data: items, meta: { field, term } };
    }
    throw ServiceError.badParameter('field', 'field must be "what" or "where"');
  }

  async seoLinks(
    site: SiteKey,
    params: { homePageCategory?: string; propertyType?: string; dealType?: number },
  ): Promise<Record<string, unknown>> {
    const key = `seo|${site.country}|${site.vertical}|${JSON.stringify(params)}`;
    const cached = this.cache.get(key);
    const now = this.options.now().getTime();
    if (cached && now - cached.at < 10 * 60_000) return cached.value as Record<string, unknown>;
    const ctx = this.contextOf(site);
    const where = {
      ...(params.dealType !== undefined ? { typeId: params.dealType } : {}),
      ...(params.propertyType !== undefined ? { propertyType: params.propertyType } : {}),
    };
    const data: Record<string, unknown>[] = [];
    const subject =
      site.vertical === 'homes'
        ? params.propertyType
          ? labelOf(PROPERTY_TYPES, params.propertyType, ctx.wording)
          : params.dealType !== undefined
            ? labelOf(DEAL_TYPES, params.dealType, ctx.wording)
            : verticalNoun('homes', ctx.wording)
        : verticalNoun(site.vertical, ctx.wording);
    const query = ({ filters, ...extra }: Record<string, unknown>) => {
      const all = { ...(params.propertyType ? { propertyType: params.propertyType } : {}), ...(filters as object) };
      return {
        ...(params.dealType !== undefined ? { dealTypeId: params.dealType } : {}),
        ...(Object.keys(all).length > 0 ? { filters: all } : {}),
        ...extra,
      };
    };
    const push = (group: string, label: string, total: number, q: Record<string, unknown>, url?: string) =>
      data.push({
        type: 'seoLinks',
        id: `${group}-${data.length + 1}`,
        attributes: {
          group,
          label,
          total,
          query: q,
          url: url ?? seoPath(String(q.what ?? ''), String(q.where ?? '')),
        },
      });
    // A place's link searches where it is; jobs searches take no where (spec §5), so theirs filter by the place,
    // as does the link of a place whose name means another one (the region León, whose name is the city's).
    const placeLink = (group: 'cities' | 'regions', field: 'city' | 'region', id: number, total: number) => {
      const p = this.places.place(id, site.country);
      if (!p) return;
      const label = inPlace(ctx.lang, subject, p.name);
      if (site.vertical === 'jobs' || this.places.resolve(site.country, p.name)?.place.id !== p.id)
        push(group, label, total, query({ filters: { [field]: p.id } }), `/search?${field}=${p.id}`);
      else push(group, label, total, query({ where: p.name }));
    };
    for (const row of await this.store.topValues(site, 'city', where, 24))
      placeLink('cities', 'city', Number(row.value), row.count);
    for (const row of await this.store.topValues(site, 'region', where, 12))
      placeLink('regions', 'region', Number(row.value), row.count);
    if (site.vertical === 'cars') {
      for (const row of await this.store.topValues(site, 'make', {}, 20)) {
        push('makes', String(row.value), row.count, { what: String(row.value) });
      }
    }
    if (site.vertical === 'jobs' || site.vertical === 'products') {
      const items = site.vertical === 'jobs' ? JOB_CATEGORIES : PRODUCT_CATEGORIES;
      for (const row of await this.store.topValues(site, 'category', {}, 20)) {
        const value = Number(row.value);
        push(
          'categories',
          labelOf(items, value, ctx.wording),
          row.count,
          site.vertical === 'jobs' ? { filters: { category: value } } : { categoryId: value },
        );
      }
    }
    if (site.vertical === 'homes' && !params.propertyType) {
      for (const row of await this.store.topValues(site, 'propertyType', where, 14)) {
        push(
          'propertyTypes',
          `${labelOf(PROPERTY_TYPES, String(row.value), ctx.wording)}`,
          row.count,
          query({ filters: { propertyType: row.value } }),
        );
      }
    }
    const doc = { data, meta: { totalCount: data.length, ...params } };
    this.cache.set(key, { at: now, value: doc });
    return doc;
  }

  async suggestions(site: SiteKey, params: SearchParams): Promise<Record<string, unknown>> {
    const plan = this.plan(site, params);
    const ctx = plan.ctx;
    // Counted as the page the suggestion opens counts its ads: a duplicate group once.
    const count = async (overrides: Partial<CandidateQuery>) =>
      rank(await this.store.findCandidates(this.query(plan, overrides)), plan).total;
    const items: { prefix: string; name: string; total: number; kind: number; query: Record<string, unknown> }[] = [];
    // Named as the page's title names it ("BMW in Deutschland", "Nurse in the United States").
    const whatLabel = params.what ? titleWhat(plan, params.what) : verticalNoun(site.vertical, ctx.wording);
    const baseQuery = {
      ...(params.what ? { what: params.what } : {}),
      ...(params.typeId !== undefined ? { dealTypeId: params.typeId } : {}),
    };
    const correction = await this.correctWhat(plan);
    if (correction.didYouMean) {
      const total = await count({ terms: [...this.whatTerms(correction.didYouMean, ctx).terms, ...plan.whereTerms] });
      if (total > 0) {
        items.push({
          prefix: '',
          name: correction.didYouMean,
          total,
          kind: 0,
          query: { ...baseQuery, what: correction.didYouMean, where: params.where },
        });
      }
    }
    const place = plan.place;
    if (place && place.kind !== 'country') {
      const nearby = this.places.nearestCities(
        site.country,
        place.lat,
        place.lng,
        8,
        new Set([place.id, place.cityId ?? -1]),
      );
      for (const n of nearby) {
        if (items.length >= 3) break;
        const total = await count({ tags: [...plan.tags, { field: 'city', values: [n.place.id] }] });
        if (total > 0)
          items.push({
            ...inPlaceParts(ctx.lang, whatLabel, n.place.name),
            name: n.place.name,
            total,
            kind: 1,
            query: { ...baseQuery, where: n.place.name },
          });
      }
      const region = place.regionId !== undefined ? this.places.place(place.regionId) : undefined;
      if (region && place.kind !== 'region' && items.length < 3) {
        const total = await count({ tags: [...plan.tags, { field: 'region', values: [region.id] }] });
        if (total > 0)
          items.push({
            ...inPlaceParts(ctx.lang, whatLabel, region.name),
            name: region.name,
            total,
            kind: 1,
            query: { ...baseQuery, where: region.name },
          });
      }
    }
    if (Object.keys(params.filters).length > 0 && items.length < 3) {
      const typeTags = plan.tags.filter((t) => t.field === 'typeId');
      const total = await count({ tags: [...typeTags, ...plan.placeTags], ranges: [] });
      if (total > 0)
        items.push({
          ...whereParts(ctx, whatLabel, place?.name),
          total,
          kind: 0,
          query: { ...baseQuery, where: params.where },
        });
    }
    if (plan.terms.length > 0 && items.length < 3) {
      const total = await count({ terms: [] });
      if (total > 0) {
        items.push({
          ...whereParts(ctx, verticalNoun(site.vertical, ctx.wording), place?.name),
          total,
          kind: place ? 1 : 0,
          query: { where: params.where, filters: params.filters },
        });
      }
    }
    const data = items.slice(0, 3).map((s, i) => ({
      type: 'suggestions',
      id: String(i + 1),
      attributes: { ...s, url: `?${new URLSearchParams(flatQuery(s.query)).toString()}` },
    }));
    return { data, meta: { totalCount: data.length } };
  }
}

/** A zero-result search: a 404 whose document may still carry the keyword object. */
export class NoResults extends ServiceError {
  constructor(readonly meta: Record<string, unknown>) {
    super(404, 'NO_RESULTS', 'No results for this query');
  }
}

// ---- helpers ----------------------------------------------------------------

function variants(token: string): string[] {
  if (token.length <= 3 || /^\d+$/.test(token)) return [token];
  return token.endsWith('s') ? [token, token.slice(0, -1)] : [token, `${token}s`];
}

/**
 * A word's variants with the words the site's region takes as the same (`searchSynonyms`: "coches" with
 * "autos" on a Mexican site, "тойота" with "toyota"), and theirs; each kept only if the site's titles know it
 * (`pruneVariants`), the word itself first.
 */
function withSynonyms(words: string[], ctx: SiteContext): string[] {
  const out = [...words];
  for (const word of words) {
    for (const synonym of searchSynonyms(word, ctx.wording)) {
      for (const v of variants(synonym)) if (!out.includes(v)) out.push(v);
    }
  }
  return out;
}

/**
 * The premium candidates (at most PREMIUM_CAP, newest first) read off a newest-first
 * organic result (asked with `limit`), when it holds what the premium walk would find:
 * the organic walk saw every match (complete); or it holds PREMIUM_CAP premium ones,
 * which are then the newest premium matches; or it stopped short of its limit on the
 * store's scan budget (range filters) with some premium ones, which are what the same
 * budgeted walk restricted to premium sources would find. The total is exact when
 * complete, else the organic total scaled by the premium share of the candidates.
 */
export function premiumFromOrganic(
  organic: CandidateResult,
  premiumSources: ReadonlyMap<number, number>,
  newestFirst: boolean,
  limit: number,
): CandidateResult | undefined {
  if (!newestFirst) return undefined;
  const matches = organic.candidates.filter((c) => premiumSources.has(c.sourceId));
  if (organic.complete) {
    return {
      candidates: matches.slice(0, PREMIUM_CAP),
      complete: matches.length <= PREMIUM_CAP,
      total: matches.length,
    };
  }
  const budgetStopped = organic.candidates.length < limit && matches.length > 0;
  if (matches.length < PREMIUM_CAP && !budgetStopped) return undefined;
  return {
    candidates: matches.slice(0, PREMIUM_CAP),
    complete: false,
    total: Math.max(matches.length, Math.round((organic.total * matches.length) / organic.candidates.length)),
  };
}

function placeField(p: Place): TagField | undefined {
  return p.kind === 'region' ? 'region' : p.kind === 'city' ? 'city' : p.kind === 'cityArea' ? 'cityArea' : undefined;
}

function rankOfKind(p: Place): number {
  return { country: 0, region: 1, city: 2, cityArea: 3 }[p.kind];
}

function detectMake(tokens: string[]): { make?: string; model?: string } {
  const joined = tokens.join('');
  for (const m of CAR_MAKES) {
    const s = slug(m.name);
    if (!tokens.includes(s) && !joined.includes(s)) continue;
    const model = m.models.find((model) => tokens.includes(slug(model)) || joined.includes(slug(model)));
    return { make: m.name, ...(model ? { model } : {}) };
  }
  return {};
}

/** Collapses duplicates (keeping the best of each group) and sorts by the asked order. */
function rank(result: CandidateResult, plan: Plan): { list: Candidate[]; total: number; scale: number } {
  const sorted = result.candidates
    .slice()
    .sort(comparator(plan.params.sort, plan.terms.length > 0, plan.params.boostAdsSince));
  const seen = new Set<number>();
  const list: Candidate[] = [];
  for (const c of sorted) {
    if (c.duplicateGroup !== null) {
      if (seen.has(c.duplicateGroup)) continue;
      seen.add(c.duplicateGroup);
    }
    list.push(c);
  }
  const collapse = sorted.length > 0 ? list.length / sorted.length : 1;
  const total = result.complete ? list.length : Math.max(list.length, Math.round(result.total * collapse));
  return { list, total, scale: list.length > 0 ? total / list.length : 1 };
}

function comparator(
  sort: Sort,
  hasText: boolean,
  boostSince: number | undefined,
): (a: Candidate, b: Candidate) => number {
  const nullsLast = (x: number | null, y: number | null, dir: 1 | -1) =>
    x === null && y === null ? 0 : x === null ? 1 : y === null ? -1 : (x - y) * dir;
  switch (sort) {
    case 'source_date':
      return (a, b) => b.date - a.date || a.key - b.key;
    case 'source_date_asc':
      return (a, b) => a.date - b.date || b.date - a.date;
    case 'price':
      return (a, b) => nullsLast(a.price, b.price, 1) || b.date - a.date;
    case 'price_desc':
      return (a, b) => nullsLast(a.price, b.price, -1) || b.date - a.date;
    case 'price_per_meters':
      return (a, b) => nullsLast(a.pricePerMeter ?? a.price, b.pricePerMeter ?? b.price, 1) || b.date - a.date;
    case 'price_per_meters_desc':
      return (a, b) => nullsLast(a.pricePerMeter ?? a.price, b.pricePerMeter ?? b.price, -1) || b.date - a.date;
    case 'relevance':
    default:
      return (a, b) => {
        if (boostSince !== undefined) {
          const boost = Number(b.date >= boostSince) - Number(a.date >= boostSince);
          if (boost !== 0) return boost;
        }
        return (hasText ? a.score - b.score : 0) || b.date - a.date;
      };
  }
}

/** Whether a candidate is in the searched place: it has every place tag of the search. */
function inPlaceOf(c: Candidate, placeTags: Plan['placeTags']): boolean {
  const id = (field: TagField) =>
    field === 'region' ? c.regionId : field === 'city' ? c.cityId : field === 'cityArea' ? c.cityAreaId : null;
  return placeTags.every((t) => {
    const v = id(t.field);
    return v !== null && t.values.includes(v);
  });
}

type FacetItem = { value: string | number; label: string; count: number };

function buildFacets(list: Candidate[], scale: number, plan: Plan, places: Gazetteer): Record<string, FacetItem[]> {
  const wording = plan.ctx.wording;
  const count = (get: (c: Candidate) => string | number | null, label: (v: string | number) => string, limit = 20) => {
    const counts = new Map<string | number, number>();
    for (const c of list) {
      const v = get(c);
      // '': an unknown value (a property type an older import stored empty) is no facet item.
      if (v !== null && v !== undefined && v !== '') counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    return [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([value, n]) => ({ value, label: label(value), count: Math.round(n * scale) }));
  };
  const placeName = (v: string | number) => places.place(Number(v), plan.site.country)?.name ?? String(v);
  const ref = (items: readonly RefItem<string | number>[]) => (v: string | number) => labelOf(items, v, wording);
  const facets: Record<string, FacetItem[]> = {
    region: count((c) => c.regionId, placeName),
    city: count((c) => c.cityId, placeName),
  };
  if (plan.place && (plan.place.kind === 'city' || plan.place.kind === 'cityArea')) {
    facets.cityArea = count((c) => c.cityAreaId, placeName);
  }
  const buckets = (get: (c: Candidate) => number | null, edges: number[]) =>
    count(
      (c) => {
        const v = get(c);
        if (v === null) return null;
        let i = 0;
        while (i < edges.length && v >= (edges[i] as number)) i++;
        return i;
      },
      (i) => {
        const n = Number(i);
        const lo = n === 0 ? 0 : edges[n - 1];
        const hi = edges[n];
        return hi === undefined ? `${lo}+` : `${lo}-${hi}`;
      },
      edges.length + 1,
    ).sort((a, b) => Number(a.value) - Number(b.value));
  switch (plan.site.vertical) {
    case 'homes':
      facets.dealType = count((c) => c.typeId, ref(DEAL_TYPES));
      facets.propertyType = count((c) => c.kind, ref(PROPERTY_TYPES));
      facets.rooms = count(
        (c) => (c.rooms === null ? null : Math.min(c.rooms, 5)),
        (v) => (Number(v) >= 5 ? '5+' : String(v)),
      );
      facets.price = buckets((c) => c.price, priceEdges(list));
      break;
    case 'cars':
      facets.make = count(
        (c) => (c.make ? slug(c.make) : null),
        (v) => list.find((c) => c.make && slug(c.make) === v)?.make ?? String(v),
      );
      facets.model = count(
        (c) => (c.model ? slug(c.model) : null),
        (v) => list.find((c) => c.model && slug(c.model) === v)?.model ?? String(v),
      );
      facets.carType = count((c) => c.kind, ref(CAR_TYPES));
      facets.fuel = count((c) => c.fuel, ref(FUELS));
      facets.transmission = count((c) => c.transmission, ref(TRANSMISSIONS));
      facets.price = buckets((c) => c.price, priceEdges(list));
      break;
    case 'jobs':
      facets.category = count((c) => c.category, ref(JOB_CATEGORIES));
      facets.company = count(
        (c) => (c.company ? slug(c.company) : null),
        (v) => list.find((c) => c.company && slug(c.company) === v)?.company ?? String(v),
      );
      facets.jobType = count((c) => c.jobType, ref(JOB_TYPES));
      facets.workingHours = count((c) => c.workingHours, ref(WORKING_HOURS));
      break;
    case 'products':
      facets.category = count((c) => c.typeId, ref(PRODUCT_CATEGORIES));
      facets.price = buckets((c) => c.price, priceEdges(list));
      break;
  }
  return facets;
}

/** Five round price steps spanning the candidates' prices. */
function priceEdges(list: Candidate[]): number[] {
  const prices = list
    .map((c) => c.price)
    .filter((p): p is number => p !== null)
    .sort((a, b) => a - b);
  if (prices.length === 0) return [];
  const edges: number[] = [];
  for (const q of [0.2, 0.4, 0.6, 0.8]) {
    const v = prices[Math.floor(q * (prices.length - 1))] ?? 0;
    const magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, v))) - 1);
    const rounded = Math.round(v / magnitude) * magnitude;
    if (rounded > 0 && !edges.includes(rounded)) edges.push(rounded);
  }
  return edges;
}

function refList(items: readonly RefItem<string | number>[], wording: CatalogueId) {
  return items.map((i) => ({ value: i.value, label: i.labels[wording] }));
}

/**
 * Where a search is, as the words around a name the page shows in bold: a place with its language's
 * "in" ("Pisos en |Madrid|"), else the whole country with its own ("Pisos en |España|", "Flats in
 * the |United Kingdom|", "Mieszkania |w Polsce|").
 */
function whereParts(ctx: SiteContext, what: string, place: string | undefined) {
  if (place) return { ...inPlaceParts(ctx.lang, what, place), name: place };
  const country = countryByCode(ctx.site.country);
  const { prep, name } = country ? inCountryParts(country, ctx.locale) : { prep: '', name: ctx.site.country };
  const words = inCountryPhraseParts(ctx.lang, what);
  return { prefix: [words.prefix, prep].filter(Boolean).join(' '), name, suffix: words.suffix };
}

/**
 * What a search without words is of: one property type, as the index's links to it name it ("Flat in
 * London"), a product category ("Elektronik in Deutschland"), else the vertical's noun ("Homes").
 */
function subjectOf(plan: Plan): string {
  const { site, ctx, params } = plan;
  const types = plan.filters.propertyType;
  if (site.vertical === 'homes' && Array.isArray(types) && types.length === 1) {
    return labelOf(PROPERTY_TYPES, String(types[0]), ctx.wording);
  }
  if (site.vertical === 'products' && params.typeId !== undefined && params.typeId > 0) {
    return labelOf(PRODUCT_CATEGORIES, params.typeId, ctx.wording);
  }
  return verticalNoun(site.vertical, ctx.wording);
}

/** A results page's title: of the what searched (the corrected one, when the words were misspelt), in its place. */
function titleOf(plan: Plan, correctedWhat: string | null): string {
  const lang = plan.ctx.lang;
  const searched = correctedWhat ?? plan.params.what;
  const what = searched ? titleWhat(plan, searched) : subjectOf(plan);
  const place = plan.place?.name ?? plan.params.where;
  if (place) return inPlace(lang, what, place);
  const country = countryByCode(plan.site.country);
  return inCountryPhrase(lang, what, country ? inCountry(country, plan.ctx.locale) : plan.site.country);
}

/** The what as a title says it: a car's make and model as their makers write them ("bmw x5" → "BMW X5"). */
function titleWhat(plan: Plan, searched: string): string {
  let what = searched;
  if (plan.site.vertical === 'cars') {
    for (const name of [plan.make, plan.model]) {
      if (!name) continue;
      const at = new RegExp(`(^|\\s)${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=\\s|$)`, 'iu');
      what = what.replace(at, (_, before: string) => `${before}${name}`);
    }
  }
  return capitalize(what);
}

function seoPath(what: string, where: string): string {
  const enc = (v: string) => v.trim().toLowerCase().replace(/-/g, '_').replace(/\s+/g, '-');
  return `/${[what, where]
    .filter((v) => v)
    .map((v) => encodeURIComponent(enc(v)))
    .join('/')}`;
}

function userFilters(plan: Plan): Record<string, unknown> {
  const out: Record<string, unknown> = { ...plan.filters };
  if (plan.params.typeId !== undefined) out.typeId = plan.params.typeId;
  return out;
}

function relatedTags(ad: StoredAd): { field: TagField; values: (string | number)[] }[] {
  if (ad.homes) {
    return [
      // No property type (a partner gave none) is no tag: the ad's others are its deal type's.
      ...(ad.homes.propertyType ? [{ field: 'propertyType' as const, values: [ad.homes.propertyType] }] : []),
      ...(ad.typeId !== undefined ? [{ field: 'typeId' as const, values: [ad.typeId] }] : []),
    ];
  }
  if (ad.cars) return [{ field: 'make', values: [slug(ad.cars.make)] }];
  if (ad.jobs) return [{ field: 'category', values: [ad.jobs.category] }];
  if (ad.products) return [{ field: 'typeId', values: [ad.products.categoryId] }];
  return [];
}

function sectionTypeOf(ad: StoredAd): number {
  return isPremium(ad) ? SECTION_TYPE.premium : SECTION_TYPE.organic;
}

/** Stands for the page number in the query string the links are made from (never in a real query). */
const PAGE_MARK = '\u0000page\u0000';

function paginationLinks(selfPath: string, params: SearchParams, maxPage: number) {
  const withPage = (number: string) => {
    const raw = { ...params.raw } as Record<string, unknown>;
    raw.page = { ...((raw.page as Record<string, unknown> | undefined) ?? {}), number };
    return `${selfPath}?${flatStringify(raw)}`;
  };
  // One query string for every link, the page number put in its place per link (each
  // link made whole when a parameter holds the mark itself).
  const parts = withPage(PAGE_MARK).split(encodeURIComponent(PAGE_MARK));
  const link = (page: number) => (parts.length === 2 ? `${parts[0]}${page}${parts[1]}` : withPage(String(page)));
  const page = params.pageNumber;
  return {
    self: link(page),
    first: link(1),
    previous: page > 1 ? link(Math.min(page - 1, maxPage)) : null,
    next: page < maxPage ? link(page + 1) : null,
    last: link(maxPage),
  };
}

/** `{ filters: { priceMin: 1 } }` → `filters[priceMin]=1`, brackets left readable. */
function flatStringify(obj: Record<string, unknown>): string {
  return Object.entries(flatQuery(obj))
    .map(([k, v]) => `${encodeURIComponent(k).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`)
    .join('&');
}

function flatQuery(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (v === undefined || v === null || v === '') continue;
    const key = prefix ? `${prefix}[${k}]` : k;
    if (typeof v === 'object' && !Array.isArray(v)) Object.assign(out, flatQuery(v as Record<string, unknown>, key));
    else out[key] = Array.isArray(v) ? v.join(',') : String(v);
  }
  return out;
}
