import { RouteRegistry } from '../shared/routing/RouteRegistry';
import {
  AdPage,
  AdPageDesktop,
  EmailManagerPage,
  HomePage,
  lazyLoad,
  NotificationSettingsPage,
  OfflinePage,
  PushManagerPage,
  sagaChunk,
  SeoIndexPage,
  SerpPage,
} from './pageChunks';
import type { AppRoutes, LoadSaga, PageComponent } from './types';
import { FiltersPanel } from '../ui/LazyFiltersPanel';
import { loadOfflinePage } from '../sagas/pageSaga';

const VERTICAL_SITES = ['homes', 'cars', 'jobs', 'products'] as const;
const INDEX_PATTERN = '/index{/category/:type}{/letter/:letter}{/page/:page}';
/**
 * Spec §2's older query names of a search, read on the search's routes: the term (`what_d`), the
 * place (`seoWhere`), the suggester the search came from (`sug`, passed on to the search service).
 */
const SEARCH_ALIASES = { what_d: 'what', seoWhere: 'where', sug: 'suggester' } as const;
/** Results pages also read the type id as the form names it (`type`; /q turns it into `type_id`). */
const RESULTS_ALIASES = { ...SEARCH_ALIASES, type: 'type_id' } as const;

/**
 * Every named route of product-spec §2, site-relative (a site's base path,
 * such as `/homes` on a shared host, comes in front). Paths the spec does not
 * give are decided in docs/decisions/004-route-paths.md.
 */
export function createRoutes(): AppRoutes {
  return new RouteRegistry<PageComponent, LoadSaga>()
    .register({
      name: 'home',
      pattern: '/',
      page: HomePage,
      load: lazyLoad(sagaChunk.home, (m) => m.loadHome, [HomePage]),
      pageType: 'home',
    })
    .register({
      name: 'q',
      pattern: '/q',
      load: lazyLoad(sagaChunk.search, (m) => m.loadSearchSubmit),
      // The general home's search names its vertical, whose /q it is passed on to.
      targets: [...VERTICAL_SITES, 'general'],
      pageType: 'search',
      queryAliases: SEARCH_ALIASES,
    })
    .register({
      name: 'serp_search',
      pattern: '/search{/:what}{/in/:where}',
      page: SerpPage,
      load: lazyLoad(sagaChunk.search, (m) => m.loadSearchResults, [SerpPage, FiltersPanel]),
      targets: VERTICAL_SITES,
      seoParams: ['what', 'where'],
      pageType: 'serp',
      queryAliases: RESULTS_ALIASES,
    })
    .register({
      name: 'clickout',
      pattern: '/out/:id',
      load: lazyLoad(sagaChunk.clickout, (m) => m.loadClickoutRedirect),
      targets: VERTICAL_SITES,
      pageType: 'clickout',
    })
    .register({
      name: 'adpage',
      pattern: '/ad/:id',
      page: AdPage,
      desktopPage: AdPageDesktop,
      load: lazyLoad(sagaChunk.ad, (m) => m.loadAdPage, [AdPage, AdPageDesktop]),
      targets: VERTICAL_SITES,
      pageType: 'ad',
    })
    .register({
      name: 'homes',
      pattern: '/index{/:routeName}{/:deal_type}{/:property_type}',
      page: SeoIndexPage,
      load: lazyLoad(sagaChunk.seo, (m) => m.indexPage('homes'), [SeoIndexPage]),
      targets: ['homes'],
      seoParams: ['routeName', 'deal_type', 'property_type'],
      pageType: 'seo',
    })
    .register({
      name: 'cars',
      pattern: INDEX_PATTERN,
      page: SeoIndexPage,
      load: lazyLoad(sagaChunk.seo, (m) => m.indexPage('cars'), [SeoIndexPage]),
      targets: ['cars'],
      pageType: 'seo',
    })
    .register({
      name: 'jobs',
      pattern: INDEX_PATTERN,
      page: SeoIndexPage,
      load: lazyLoad(sagaChunk.seo, (m) => m.indexPage('jobs'), [SeoIndexPage]),
      targets: ['jobs'],
      pageType: 'seo',
    })
    .register({
      name: 'products',
      pattern: INDEX_PATTERN,
      page: SeoIndexPage,
      load: lazyLoad(sagaChunk.seo, (m) => m.indexPage('products'), [SeoIndexPage]),
      targets: ['products'],
      pageType: 'seo',
    })
    .register({
      name: 'adwords-homes',
      pattern: '/landing{/:what}{/in/:where}',
      page: SerpPage,
      load: lazyLoad(sagaChunk.search, (m) => m.loadLanding, [SerpPage, FiltersPanel]),
      targets: ['homes'],
      seoParams: ['what', 'where'],
      pageType: 'landing',
      queryAliases: RESULTS_ALIASES,
    })
    .register({
      name: 'adwords-cars',
      pattern: '/landing{/:what}{/in/:where}',
      page: SerpPage,
      load: lazyLoad(sagaChunk.search, (m) => m.loadLanding, [SerpPage, FiltersPanel]),
      targets: ['cars'],
      seoParams: ['what', 'where'],
      pageType: 'landing',
      queryAliases: RESULTS_ALIASES,
    })
    .register({
      name: 'adwords-jobs',
      pattern: '/landing{/:what}',
      page: SerpPage,
      load: lazyLoad(sagaChunk.search, (m) => m.loadLanding, [SerpPage, FiltersPanel]),
      targets: ['jobs'],
      seoParams: ['what'],
      pageType: 'landing',
      queryAliases: RESULTS_ALIASES,
    })
    .register({
      name: 'topsearches',
      pattern: '/top-searches{/letter/:letter}{/page/:page}',
      page: SeoIndexPage,
      load: lazyLoad(sagaChunk.seo, (m) => m.indexPage('topsearches'), [SeoIndexPage]),
      targets: ['products'],
      pageType: 'seo',
    })
    .register({
      name: 'notifications_email',
      pattern: '/notifications',
      page: EmailManagerPage,
      load: lazyLoad(sagaChunk.notifications, (m) => m.loadEmailManager, [EmailManagerPage]),
      pageType: 'notifications',
    })
    .register({
      name: 'notifications_push',
      pattern: '/notifications/push',
      page: PushManagerPage,
      load: lazyLoad(sagaChunk.notifications, (m) => m.loadPushManager, [PushManagerPage]),
      pageType: 'notifications',
    })
    .register({
      // What the service worker shows for a page it has no copy of, without a connection (decision 070).
      name: 'offline',
      pattern: '/offline',
      page: OfflinePage,
      load: loadOfflinePage,
      pageType: 'offline',
    })
    .register({
      name: 'notifications_settings',
      pattern: '/notifications/settings',
      page: NotificationSettingsPage,
      load: lazyLoad(sagaChunk.notifications, (m) => m.loadNotificationSettings, [NotificationSettingsPage]),
      pageType: 'notifications',
    });
}
