import { expect } from 'chai';
import { RouteRegistry, RouteRegistryError } from '../../src/shared/routing/RouteRegistry';
import { createRoutes } from '../../src/routes/routeTable';

describe('RouteRegistry', () => {
  const make = () => new RouteRegistry<string, never>();

  it('rejects a name that is already registered', () => {
    const registry = make().register({ name: 'home', pattern: '/', page: 'Home' });
    expect(() => registry.register({ name: 'home', pattern: '/other', page: 'Other' })).to.throw(
      RouteRegistryError,
      'already registered',
    );
  });

  it('rejects a route with neither page nor name', () => {
    expect(() => make().register({ name: '', pattern: '/x' })).to.throw(RouteRegistryError, 'page or a name');
  });

  it('matches case-insensitively', () => {
    const registry = make().register({ name: 'ad', pattern: '/ad/:id', page: 'Ad' });
    expect(registry.match('/AD/abc', '', 'homes')?.route.name).to.equal('ad');
  });

  it('merges path parameters with the query string, the path winning', () => {
    const registry = make().register({ name: 'ad', pattern: '/ad/:id', page: 'Ad' });
    const match = registry.match('/ad/xyz', '?id=other&from=alert&page=2', 'homes');
    expect(match?.params).to.deep.equal({ id: 'xyz', from: 'alert', page: 2 });
  });

  it('reads a parameter under an older query name only when the URL does not give it under its own', () => {
    const registry = make().register({
      name: 's',
      pattern: '/s{/:what}',
      page: 'S',
      queryAliases: { what_d: 'what', type: 'type_id' },
    });
    expect(registry.match('/s', '?what_d=flat&type=2&x=1', 'homes')?.params).to.deep.equal({
      what: 'flat',
      type_id: 2,
      x: 1,
    });
    expect(registry.match('/s/house', '?what_d=flat&type=2&type_id=3', 'homes')?.params).to.deep.equal({
      what: 'house',
      type_id: 3,
    });
  });

  it('coerces true, false, numbers and null in the query, and turns spaces in email back into plus signs', () => {
    const registry = make().register({ name: 'n', pattern: '/n', page: 'N' });
    const match = registry.match(
      '/n',
      '?a=true&b=false&c=42&d=null&e=text&email=ann+alerts@example.org&zip=01234',
      'homes',
    );
    expect(match?.params).to.deep.equal({
      a: true,
      b: false,
      c: 42,
      d: null,
      e: 'text',
      email: 'ann+alerts@example.org',
      zip: '01234',
    });
  });

  it('decodes SEO segments and builds them back, leaving page 1 out', () => {
    const registry = make().register({
      name: 'serp',
      pattern: '/search{/:what}{/in/:where}{/page/:page}',
      page: 'Serp',
      seoParams: ['what', 'where'],
    });
    const match = registry.match('/search/flat-with-terrace/in/stratford_upon_avon', '', 'homes');
    expect(match?.params).to.include({ what: 'flat with terrace', where: 'stratford-upon-avon' });
    expect(registry.buildPath('serp', { what: 'Flat with Terrace', where: 'Stratford-upon-Avon', page: 1 })).to.equal(
      '/search/flat-with-terrace/in/stratford_upon_avon',
    );
    expect(registry.buildPath('serp', { what: 'flat', page: 3, sort: '' })).to.equal('/search/flat/page/3');
  });

  it('puts parameters the pattern does not name into the query, dropping empty ones', () => {
    const registry = make().register({ name: 'serp', pattern: '/search{/:what}', page: 'Serp', seoParams: ['what'] });
    expect(registry.buildPath('serp', { what: 'car', sort: 'price', price_min: 0, empty: '' }, '/cars')).to.equal(
      '/cars/search/car?sort=price&price_min=0',
    );
  });

  it('only matches a route on the site targets it is registered for', () => {
    const registry = make().register({ name: 'jobs', pattern: '/index', page: 'Jobs', targets: ['jobs'] });
    expect(registry.match('/index', '', 'jobs')?.route.name).to.equal('jobs');
    expect(registry.match('/index', '', 'homes')).to.equal(undefined);
  });

  it('uses the desktop page on desktop and the mobile page elsewhere', () => {
    const registry = make().register({ name: 'ad', pattern: '/ad/:id', page: 'MobileAd', desktopPage: 'DesktopAd' });
    const route = registry.get('ad')!;
    expect(registry.pageFor(route, 'desktop')).to.equal('DesktopAd');
    expect(registry.pageFor(route, 'mobile')).to.equal('MobileAd');
    expect(registry.pageFor(route, 'tablet')).to.equal('MobileAd');
  });
});

describe('the route table', () => {
  const routes = createRoutes();

  it('registers every route the spec names', () => {
    const names = routes.routes.map((r) => r.name);
    expect(names).to.include.members([
      'home',
      'q',
      'serp_search',
      'adpage',
      'homes',
      'cars',
      'jobs',
      'products',
      'adwords-homes',
      'adwords-cars',
      'adwords-jobs',
      'topsearches',
      'notifications_email',
      'notifications_push',
      'notifications_settings',
    ]);
  });

  const cases: Array<[string, string, string | undefined]> = [
    ['/', 'homes', 'home'],
    ['/', 'general', 'home'],
    ['/q', 'homes', 'q'],
    // The general home's search form names a vertical; its /q passes the search on.
    ['/q', 'general', 'q'],
    ['/search/flat', 'general', undefined],
    ['/search/flat', 'homes', 'serp_search'],
    ['/search/flat/in/london', 'homes', 'serp_search'],
    ['/Search/Flat/IN/London', 'homes', 'serp_search'],
    ['/search', 'cars', 'serp_search'],
    ['/ad/abc123', 'cars', 'adpage'],
    ['/ad', 'cars', undefined],
    ['/index', 'homes', 'homes'],
    ['/index/category/101/letter/a/page/2', 'products', 'products'],
    ['/index/letter/b', 'cars', 'cars'],
    ['/index', 'jobs', 'jobs'],
    ['/landing/nurse', 'jobs', 'adwords-jobs'],
    ['/landing/bmw/in/leeds', 'cars', 'adwords-cars'],
    ['/landing/flat', 'homes', 'adwords-homes'],
    ['/top-searches', 'products', 'topsearches'],
    ['/top-searches', 'homes', undefined],
    ['/notifications', 'homes', 'notifications_email'],
    ['/notifications/push', 'general', 'notifications_push'],
    ['/notifications/settings', 'jobs', 'notifications_settings'],
    ['/nowhere', 'homes', undefined],
    ['/search/flat/extra/segment', 'homes', undefined],
  ];
  for (const [path, target, name] of cases) {
    it(`${name ? `matches ${name}` : 'matches nothing'} for ${path} on a ${target} site`, () => {
      expect(routes.match(path, '', target as 'homes')?.route.name).to.equal(name);
    });
  }

  it('builds every link it matches back to the same route', () => {
    const built = routes.buildPath('serp_search', { what: 'garden flat', where: 'London' });
    expect(built).to.equal('/search/garden-flat/in/london');
    expect(routes.match(built, '', 'homes')?.params).to.include({ what: 'garden flat', where: 'london' });
  });
});
