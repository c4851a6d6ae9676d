import { RouteRegistry } from '../shared/routing/RouteRegistry';
import { loadAdPage } from '../sagas/pages/adSaga';
import { loadHome } from '../sagas/pages/homeSaga';
import { loadLanding, loadSearchResults, loadSearchSubmit } from '../sagas/pages/searchSaga';
import { indexPage } from '../sagas/pages/seoSaga';
import { titledPage } from '../sagas/pages/staticSaga';
import { AdPage } from './pages/AdPage';
import { HomePage } from './pages/HomePage';
import { SeoIndexPage } from './pages/SeoIndexPage';
import { SerpPage } from './pages/SerpPage';
import { TitledPage } from './pages/TitledPage';
import type { AppRoutes, LoadSaga, PageComponent } from './types';

const VERTICAL_SITES = ['homes', 'cars', 'jobs', 'products'] as const;
const INDEX_PATTERN = '/index{/category/:type}{/letter/:letter}{/page/:page}';

/**
 * Every named route of product-spec §2, site-relative (a site's base path,
 * such as `/homes` on a shared host, comes in front). Paths the spec does not
 * give are decided in docs/decisions/004-route-paths.md.
 */
export function createRoutes(): AppRoutes {
  return new RouteRegistry<PageComponent, LoadSaga>()
    .register({ name: 'home', pattern: '/', page: HomePage, load: loadHome, pageType: 'home' })
    .register({ name: 'q', pattern: '/q', load: loadSearchSubmit, targets: VERTICAL_SITES, pageType: 'search' })
    .register({
      name: 'serp_search',
      pattern: '/search{/:what}{/in/:where}',
      page: SerpPage,
      load: loadSearchResults,
      targets: VERTICAL_SITES,
      seoParams: ['what', 'where'],
      pageType: 'serp',
    })
    .register({
      name: 'adpage',
      pattern: '/ad/:id',
      page: AdPage,
      load: loadAdPage,
      targets: VERTICAL_SITES,
      pageType: 'ad',
    })
    .register({
      name: 'homes',
      pattern: '/index{/:routeName}{/:deal_type}{/:property_type}',
      page: SeoIndexPage,
      load: indexPage('homes'),
      targets: ['homes'],
      seoParams: ['routeName', 'deal_type', 'property_type'],
      pageType: 'seo',
    })
    .register({
      name: 'cars',
      pattern: INDEX_PATTERN,
      page: SeoIndexPage,
      load: indexPage('cars'),
      targets: ['cars'],
      pageType: 'seo',
    })
    .register({
      name: 'jobs',
      pattern: INDEX_PATTERN,
      page: SeoIndexPage,
      load: indexPage('jobs'),
      targets: ['jobs'],
      pageType: 'seo',
    })
    .register({
      name: 'products',
      pattern: INDEX_PATTERN,
      page: SeoIndexPage,
      load: indexPage('products'),
      targets: ['products'],
      pageType: 'seo',
    })
    .register({
      name: 'adwords-homes',
      pattern: '/landing{/:what}{/in/:where}',
      page: SerpPage,
      load: loadLanding,
      targets: ['homes'],
      seoParams: ['what', 'where'],
      pageType: 'landing',
    })
    .register({
      name: 'adwords-cars',
      pattern: '/landing{/:what}{/in/:where}',
      page: SerpPage,
      load: loadLanding,
      targets: ['cars'],
      seoParams: ['what', 'where'],
      pageType: 'landing',
    })
    .register({
      name: 'adwords-jobs',
      pattern: '/landing{/:what}',
      page: SerpPage,
      load: loadLanding,
      targets: ['jobs'],
      seoParams: ['what'],
      pageType: 'landing',
    })
    .register({
      name: 'topsearches',
      pattern: '/top-searches{/letter/:letter}{/page/:page}',
      page: SeoIndexPage,
      load: indexPage('topsearches'),
      targets: ['products'],
      pageType: 'seo',
    })
    .register({
      name: 'notifications_email',
      pattern: '/notifications',
      page: TitledPage,
      load: titledPage('notifications_email', 'notifications.title', { noindex: true }),
      pageType: 'notifications',
    })
    .register({
      name: 'notifications_push',
      pattern: '/notifications/push',
      page: TitledPage,
      load: titledPage('notifications_push', 'notifications.title', { noindex: true }),
      pageType: 'notifications',
    })
    .register({
      name: 'notifications_settings',
      pattern: '/notifications/settings',
      page: TitledPage,
      load: titledPage('notifications_settings', 'notifications.title', { noindex: true }),
      pageType: 'notifications',
    });
}
