import { expect } from 'chai';
import { COUNTRIES, countryByCode, localCountryName } from '../../config/countries';
import { HOSTS, resolveSite, siteEntries } from '../../config/sites';

describe('sites', () => {
  it('configures every country code of the spec', () => {
    const codes = COUNTRIES.map((c) => c.code);
    const spec =
      'cr pa ve ie it es pt br be bc ma vn ke lu cz no ro hu se dk pk tw nz ng jp ch uk sg za ua ru at de au id us ca ph my nl th ae fr tr pl in sa qa kw eg ar cl co ec mx pe uy hk'.split(
        ' ',
      );
    expect(codes).to.have.members(spec);
    expect(new Set(codes).size).to.equal(codes.length);
  });

  it('has products only in it, es, br, uk, de and fr, and no cars in sg and hk', () => {
    const withProducts = COUNTRIES.filter((c) => (c.verticals as readonly string[]).includes('products')).map(
      (c) => c.code,
    );
    expect(withProducts).to.have.members(['it', 'es', 'br', 'uk', 'de', 'fr']);
    const noCars = COUNTRIES.filter((c) => !(c.verticals as readonly string[]).includes('cars')).map((c) => c.code);
    expect(noCars).to.have.members(['sg', 'hk']);
  });

  it('resolves every configured site from its own domain and path, and from its localhost name', () => {
    for (const country of COUNTRIES) {
      for (const entry of siteEntries(country)) {
        const site = resolveSite(entry.domain, `${entry.path ?? ''}/search/x`);
        expect(site, `${entry.domain}${entry.path ?? ''}`).to.include({ country: country.code, target: entry.target });
        expect(site?.basePath).to.equal(entry.path ?? '');
        if (entry.target !== 'general') {
          expect(resolveSite(`${entry.target}.${country.code}.localhost:3000`, '/')).to.include({
            country: country.code,
            target: entry.target,
            basePath: '',
            locale: country.locale,
            currency: country.currency,
          });
        }
      }
    }
  });

  it('lists each shared host once, with its path prefixes', () => {
    const cr = HOSTS.get('www.trawl.co.cr');
    expect(cr?.prefixes).to.deep.equal({ '/homes': 'homes', '/cars': 'cars', '/jobs': 'jobs' });
    expect(HOSTS.get('homes.trawl.es')).to.include({ country: 'es', target: 'homes' });
  });

  it('serves the default country with vertical prefixes on localhost and 127.0.0.1', () => {
    expect(resolveSite('localhost:3000', '/')).to.include({ country: 'uk', target: 'general', basePath: '' });
    expect(resolveSite('127.0.0.1:4000', '/Products/search')).to.include({ target: 'products', basePath: '/products' });
    expect(resolveSite('localhost', '/homes', 'es')).to.include({ country: 'es', target: 'homes' });
    expect(resolveSite('localhost', '/homesick')).to.include({ target: 'general' });
  });

  it('marks Arabic sites right to left', () => {
    expect(resolveSite('homes.sa.localhost', '/')?.direction).to.equal('rtl');
    expect(resolveSite('homes.jp.localhost', '/')?.direction).to.equal('ltr');
  });

  it('resolves nothing for an unknown host or a vertical the country lacks', () => {
    expect(resolveSite('example.com', '/')).to.equal(undefined);
    expect(resolveSite('cars.sg.localhost', '/')).to.equal(undefined);
    expect(resolveSite('products.pt.localhost', '/')).to.equal(undefined);
    expect(resolveSite('boats.es.localhost', '/')).to.equal(undefined);
    expect(resolveSite('homes.zz.localhost', '/')).to.equal(undefined);
  });
});

describe('localCountryName', () => {
  it("names a country in the locale's language, the same on every call, per locale", () => {
    const es = countryByCode('es');
    expect(es).to.not.equal(undefined);
    expect(localCountryName(es!, 'es-ES')).to.equal('España');
    expect(localCountryName(es!, 'es-ES')).to.equal('España');
    expect(localCountryName(es!, 'en-GB')).to.equal('Spain');
    expect(localCountryName(countryByCode('uk')!, 'en-GB')).to.equal('United Kingdom');
  });
});
