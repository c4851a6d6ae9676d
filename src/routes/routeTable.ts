import { RouteRegistry } from '../shared/routing/RouteRegistry';
import { loadAdPage } from '../sagas/pages/adSaga';
import { loadClickoutRedirect } from '../sagas/pages/clickoutPageSaga';
import { loadHome } from '../sagas/pages/homeSaga';
import { loadEmailManager, loadNotificationSettings, loadPushManager } from '../sagas/pages/notificationsSaga';
import { loadLanding, loadSearchResults, loadSearchSubmit } from '../sagas/pages/searchSaga';
import { indexPage } from '../sagas/pages/seoSaga';
import { AdPage, AdPageDesktop } from './pages/AdPage';
import { HomePage } from './pages/HomePage';
import { EmailManagerPage } from './pages/notifications/EmailManagerPage';
import { NotificationSettingsPage } from './pages/notifications/NotificationSettingsPage';
import { PushManagerPage } from './pages/notifications/PushManagerPage';
import { SeoIndexPage } from './pages/SeoIndexPage';
import { SerpPage } from './pages/SerpPage';
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
      name: 'clickout',
      pattern: '/out/:id',
      load: loadClickoutRedirect,
      targets: VERTICAL_SITES,
      pageType: 'clickout',
    })
    .register({
      name: 'adpage',
      pattern: '/ad/:id',
      page: AdPage,
      desktopPage: AdPageDesktop,
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
      page: EmailManagerPage,
      load: loadEmailManager,
      pageType: 'notifications',
    })
    .register({
      name: 'notifications_push',
      pattern: '/notifications/push',
      page: PushManagerPage,
      load: loadPushManager,
      pageType: 'notifications',
    })
    .register({
      name: 'notifications_settings',
      pattern: '/notifications/settings',
      page: NotificationSettingsPage,
      load: loadNotificationSettings,
      pageType: 'notifications',
    });
}
