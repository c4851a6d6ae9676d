import { expect } from 'chai';
import { messagesFor, searchLabel } from '../../../src/services/notifications/messages';
import {
  checkSearchValidity,
  queryKey,
  resolveSite,
  searchParamsOf,
} from '../../../src/services/notifications/searchRules';
import { ActTokens, UserControlTokens } from '../../../src/services/notifications/tokens';
import { isAllowedPushEndpoint } from '../../../src/services/push/endpoints';
import { lastDailySlot, lastWeeklySlot } from '../../../src/worker/createWorker';
import { adOf, type DigestAd } from '../../../src/worker/findNewAds';
import { renderDigest, resultsUrl } from '../../../src/worker/renderDigest';

describe('user control tokens', () => {
  const tokens = new UserControlTokens('secret');

  it('are an HMAC of the lower-cased address, checked in constant time', () => {
    expect(tokens.tokenFor('A@Example.org')).to.equal(tokens.tokenFor('a@example.org'));
    expect(tokens.tokenFor('a@example.org')).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(tokens.verify('a@example.org', tokens.tokenFor('a@example.org'))).to.equal(true);
    expect(tokens.verify('a@example.org', tokens.tokenFor('b@example.org'))).to.equal(false);
    expect(tokens.verify('a@example.org', 'short')).to.equal(false);
    expect(new UserControlTokens('other').tokenFor('a@example.org')).to.not.equal(tokens.tokenFor('a@example.org'));
  });
});

describe('act tokens', () => {
  const act = new ActTokens('secret');

  it('carry search id, address and expiry, opaquely', () => {
    const token = act.issue('abc', 'A@example.org', 1000, 60);
    expect(Buffer.from(token, 'base64url').toString('latin1')).to.not.contain('example');
    expect(act.verify(token, 1000)).to.deep.equal({
      ok: true,
      claims: { searchId: 'abc', email: 'a@example.org', exp: 1060 },
    });
    expect(act.verify(token, 1061)).to.deep.equal({ ok: false, reason: 'expired' });
    expect(new ActTokens('other').verify(token, 1000)).to.deep.equal({ ok: false, reason: 'forged' });
    expect(act.verify('x', 1000)).to.deep.equal({ ok: false, reason: 'malformed' });
    expect(act.issue('abc', 'a@example.org', 1000)).to.not.equal(act.issue('abc', 'a@example.org', 1000));
  });
});

describe('alert search rules', () => {
  const uk = resolveSite('uk', 1, '');

  it('checks lengths, characters and a minimum of letters per country', () => {
    expect(checkSearchValidity(uk, '  flat   with  garden ', ' London ', '')).to.deep.equal({
      what: 'flat with garden',
      where: 'London',
    });
    expect(() => checkSearchValidity(uk, 'a', 'b', '')).to.throw(/at least 2/);
    expect(() => checkSearchValidity(uk, 'x'.repeat(101), '', '')).to.throw(/longer than 100/);
    expect(() => checkSearchValidity(uk, 'flat\u0000', '', '')).to.throw(/characters/);
    expect(checkSearchValidity(resolveSite('tw', 1, ''), '房', '', '').what).to.equal('房');
    expect(checkSearchValidity(resolveSite('uk', 4, ''), 'nurse', 'Leeds', '').where).to.equal('');
  });

  it('rejects unknown sites', () => {
    expect(() => resolveSite('sg', 2, '')).to.throw(/No vertical/);
    expect(() => resolveSite('zz', 1, '')).to.throw(/Unknown country/);
  });

  it('keys a search independently of case, spacing, filter order and naming', () => {
    const a = queryKey(uk, { what: 'Flat', where: 'London', dealTypeId: 2, filters: { rooms_min: 2, photos: true } });
    const b = queryKey(uk, { what: 'flat', where: 'london', dealTypeId: 2, filters: { photos: true, roomsMin: 2 } });
    expect(a).to.equal(b);
    expect(queryKey(uk, { what: 'flat', where: 'london', dealTypeId: 1, filters: {} })).to.not.equal(b);
  });

  it('turns a saved search into the search call parameters', () => {
    const p = searchParamsOf(uk, {
      what: 'flat',
      where: 'London',
      dealTypeId: 2,
      filters: { rooms_min: 2, make: ['a', 'b'], price: { min: 1, max: 9 } },
    });
    expect(p.toString()).to.equal(
      'what=flat&where=London&dealTypeId=2&filters%5BroomsMin%5D=2&filters%5Bmake%5D=a%2Cb&filters%5Bprice%5D=1-9',
    );
  });

  it('asks the search service in metric for a saved search of an imperial site (decision 082)', () => {
    const usCars = resolveSite('us', 2, '');
    const p = searchParamsOf(usCars, {
      what: 'ford',
      where: '',
      dealTypeId: null,
      filters: { mileage_max: 30000, mileageMin: 1000, price_max: 9000 },
    });
    expect(p.get('filters[mileageMax]')).to.equal('48281');
    expect(p.get('filters[mileageMin]')).to.equal('1609');
    expect(p.get('filters[priceMax]')).to.equal('9000');
    const usHomes = resolveSite('us', 1, '');
    const homes = searchParamsOf(usHomes, { what: 'house', where: '', dealTypeId: 1, filters: { area_min: 1000 } });
    expect(homes.get('filters[areaMin]')).to.equal('92.86');
    // A metric site's are as saved.
    const esCars = resolveSite('es', 2, '');
    expect(
      searchParamsOf(esCars, { what: 'seat', where: '', dealTypeId: null, filters: { mileage_max: 30000 } }).get(
        'filters[mileageMax]',
      ),
    ).to.equal('30000');
  });

  it("links an alert's results with the filters as its results page names them, in its site's units", () => {
    const url = resultsUrl(
      'https://cars.trawl.com',
      resolveSite('us', 2, ''),
      {
        what: 'ford',
        where: 'Austin',
        dealTypeId: null,
        filters: { mileage_max: 30000, make: ['ford'], price: { min: 1000, max: 9000 }, photos: true },
      },
      { from: 'alert' },
    );
    expect(url).to.equal(
      'https://cars.trawl.com/search/ford/in/austin?mileage_max=30000&make=ford&price_min=1000&price_max=9000&photos=true&from=alert',
    );
  });
});

describe('push endpoints', () => {
  it('allows the browsers push services over https, and loopback http outside production', () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/x', {})).to.equal(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/abc', {})).to.equal(true);
    expect(isAllowedPushEndpoint('https://evil.example/fcm.googleapis.com', {})).to.equal(false);
    expect(isAllowedPushEndpoint('https://169.254.169.254/latest', {})).to.equal(false);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9/push', {})).to.equal(true);
    expect(isAllowedPushEndpoint('http://127.0.0.1:9/push', { NODE_ENV: 'production' })).to.equal(false);
    expect(isAllowedPushEndpoint('https://push.example.net/x', { PUSH_ENDPOINT_HOSTS: 'push.example.net' })).to.equal(
      true,
    );
  });
});

describe('digest schedule', () => {
  it('finds the latest daily and weekly slot', () => {
    const at = new Date('2025-06-04T06:59:00Z'); // Wednesday
    expect(new Date(lastDailySlot(at, 7)).toISOString()).to.equal('2025-06-03T07:00:00.000Z');
    expect(new Date(lastDailySlot(new Date('2025-06-04T07:00:00Z'), 7)).toISOString()).to.equal(
      '2025-06-04T07:00:00.000Z',
    );
    expect(new Date(lastWeeklySlot(at, 7, 1)).toISOString()).to.equal('2025-06-02T07:00:00.000Z');
  });
});

describe('digest rendering', () => {
  const site = resolveSite('fr', 2, '');
  const query = { what: 'golf <b>', where: 'Lyon', dealTypeId: null, filters: {} };

  it('escapes ad text, writes in the site language and falls back to English without a catalogue', () => {
    const mail = renderDigest({
      digestId: 'd1',
      alertId: 'a1',
      email: 'x@example.org',
      site,
      query,
      frequency: 'daily',
      ads: [
        {
          id: 'ad-1',
          title: '<script>alert(1)</script>',
          date: 1,
          image: '/media/1.jpg',
          price: 9500,
          currency: 'EUR',
          place: 'Lyon',
        },
      ],
      publicBase: 'https://cars.trawl.fr',
      actToken: 'tok',
      originId: 20,
    });
    expect(mail.html).to.not.contain('<script>');
    expect(mail.html).to.contain('&#60;script&#62;');
    expect(mail.html).to.contain('src="https://cars.trawl.fr/media/1.jpg"');
    expect(mail.subject).to.equal('1 nouvelle annonce pour golf <b> à Lyon');
    expect(messagesFor('fi-FI').seeAll).to.equal('See all results');
    expect(searchLabel('en-GB', '', 'Leeds')).to.equal('All ads in Leeds');
  });

  it("shows each ad's price as the search service writes it for the site: a weekly rent says so", () => {
    const home = (id: string, price: Record<string, unknown>) =>
      adOf({ id, attributes: { title: `Flat ${id}`, date: '2025-05-20T10:00:00Z', vertical_properties: { price } } });
    const weekly = home('w', { value: 400, valueFormatted: '£400 per week', currency: 'GBP', isWeekly: true });
    const monthly = home('m', { value: 1500, currency: 'GBP' });
    expect(weekly).to.deep.include({ price: 400, priceText: '£400 per week' });
    const uk = resolveSite('uk', 1, '');
    const digest = (ads: DigestAd[]) =>
      renderDigest({
        digestId: 'd2',
        alertId: 'a2',
        email: 'x@example.org',
        site: uk,
        query: { what: 'flat', where: 'London', dealTypeId: 2, filters: {} },
        frequency: 'daily',
        ads,
        publicBase: 'https://homes.trawl.co.uk',
        actToken: 'tok',
        originId: 20,
      });
    const mail = digest([weekly!, monthly!]);
    expect(mail.text).to.contain('£400 per week').and.contain('£1,500');
    expect(mail.html).to.contain('£400 per week');
  });

  it('builds the results URL of the site with SEO segments', () => {
    expect(
      resultsUrl(
        'https://www.trawl.co.cr/homes',
        resolveSite('cr', 1, ''),
        { what: 'casa-grande x', where: 'San José', dealTypeId: 1, filters: {} },
        { from: 'alert' },
      ),
    ).to.equal('https://www.trawl.co.cr/homes/search/casa_grande-x/in/san-jos%C3%A9?type_id=1&from=alert');
  });
});
