import { compile, match, parse, type MatchFunction } from 'path-to-regexp';
import type { SiteTarget } from '../../../config/verticals';
import { decodeSeoSegment, encodeSeoSegment } from './seoUrl';
import { coerceQueryValue, parseQuery, stringifyQuery, type QueryParams, type QueryValue } from './query';

export type Device = 'mobile' | 'desktop' | 'tablet';

/**
 * One named route (STYLE.md: `{ name, pattern, page, desktopPage?, load }`).
 * `Page` and `Load` are left generic so this module stays free of React and
 * redux-saga; src/routes binds them.
 */
export interface RouteDefinition<Page, Load> {
  readonly name: string;
  /** Site-relative path-to-regexp pattern, matched case-insensitively. */
  readonly pattern: string;
  readonly page?: Page;
  /** Used on desktop; mobile (and tablet) use `page`. */
  readonly desktopPage?: Page;
  /** The page's load saga, run before render on the server and on navigation in the browser. */
  readonly load?: Load;
  /** Site targets the route exists on; every site when absent. */
  readonly targets?: readonly SiteTarget[];
  /** Path parameters written as SEO segments (spaces as hyphens, lower case). */
  readonly seoParams?: readonly string[];
  /** Page type, for tracking. */
  readonly pageType?: string;
  /**
   * Older query names of a parameter (spec §2's `what_d` for `what`), read as it when the
   * URL does not give it under its own name.
   */
  readonly queryAliases?: Readonly<Record<string, string>>;
}

export interface RouteMatch<Page, Load> {
  readonly route: RouteDefinition<Page, Load>;
  /** Query parameters merged with path parameters (path wins), coerced. */
  readonly params: QueryParams;
}

interface Entry<Page, Load> {
  readonly route: RouteDefinition<Page, Load>;
  readonly matcher: MatchFunction<Partial<Record<string, string | string[]>>>;
  readonly toPath: (params: Record<string, string>) => string;
  readonly pathParams: readonly string[];
}

export class RouteRegistryError extends Error {}

function paramNames(pattern: string): string[] {
  const names: string[] = [];
  const walk = (tokens: ReturnType<typeof parse>['tokens']): void => {
    for (const token of tokens) {
      if (token.type === 'param' || token.type === 'wildcard') names.push(token.name);
      else if (token.type === 'group') walk(token.tokens);
    }
  };
  walk(parse(pattern).tokens);
  return names;
}

export class RouteRegistry<Page, Load> {
  private readonly entries: Entry<Page, Load>[] = [];
  private readonly byName = new Map<string, Entry<Page, Load>>();

  register(route: RouteDefinition<Page, Load>): this {
    if (!route.name && !route.page) throw new RouteRegistryError('A route needs a page or a name.');
    if (!route.name) throw new RouteRegistryError(`The route for ${route.pattern} has no name.`);
    if (this.byName.has(route.name))
      throw new RouteRegistryError(`A route named "${route.name}" is already registered.`);
    const entry: Entry<Page, Load> = {
      route,
      matcher: match(route.pattern, { sensitive: false, decode: safeDecode }),
      toPath: compile(route.pattern, { encode: encodeURIComponent }),
      pathParams: paramNames(route.pattern),
    };
    this.entries.push(entry);
    this.byName.set(route.name, entry);
    return this;
  }

  get(name: string): RouteDefinition<Page, Load> | undefined {
    return this.byName.get(name)?.route;
  }

  get routes(): readonly RouteDefinition<Page, Load>[] {
    return this.entries.map((e) => e.route);
  }

  /** Finds the first route for `target` whose pattern matches `pathname`. */
  match(pathname: string, search: string, target: SiteTarget): RouteMatch<Page, Load> | undefined {
    for (const entry of this.entries) {
      if (entry.route.targets && !entry.route.targets.includes(target)) continue;
      const result = entry.matcher(pathname);
      if (!result) continue;
      const params: QueryParams = parseQuery(search);
      const seo = new Set(entry.route.seoParams ?? []);
      for (const [name, raw] of Object.entries(result.params)) {
        if (raw === undefined) continue;
        const value = Array.isArray(raw) ? raw.join('/') : raw;
        params[name] = seo.has(name) ? decodeSeoSegment(value) : coerceQueryValue(value);
      }
      for (const [alias, name] of Object.entries(entry.route.queryAliases ?? {})) {
        const value = params[alias];
        if (value === undefined) continue;
        if (params[name] === undefined || params[name] === '') params[name] = value;
        delete params[alias];
      }
      return { route: entry.route, params };
    }
    return undefined;
  }

  /**
   * Builds the site-relative URL of a named route: path parameters fill the
   * pattern, the rest go to the query string; empty values and page 1 are left out.
   */
  buildPath(name: string, params: Record<string, QueryValue | undefined> = {}, basePath = ''): string {
    const entry = this.byName.get(name);
    if (!entry) throw new RouteRegistryError(`No route named "${name}".`);
    const seo = new Set(entry.route.seoParams ?? []);
    const pathValues: Record<string, string> = {};
    const rest: Record<string, QueryValue | undefined> = {};
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null || value === '') continue;
      if (key === 'page' && Number(value) === 1) continue;
      if (entry.pathParams.includes(key)) {
        pathValues[key] = seo.has(key) ? encodeSeoSegment(String(value)) : String(value);
      } else {
        rest[key] = value;
      }
    }
    let path: string;
    try {
      path = entry.toPath(pathValues);
    } catch (err) {
      throw new RouteRegistryError(`Cannot build "${name}": ${(err as Error).message}`);
    }
    return `${basePath}${path === '/' && basePath ? '' : path}${stringifyQuery(rest)}` || '/';
  }

  /** The page to render for a route on a device: the desktop variant on desktop when it exists. */
  pageFor(route: RouteDefinition<Page, Load>, device: Device): Page | undefined {
    return device === 'desktop' && route.desktopPage ? route.desktopPage : route.page;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
