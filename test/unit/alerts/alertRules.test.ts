import { expect } from 'chai';
import { countryByCode } from '../../../config/countries';
import {
  resolveSite as resolveAlertSite,
  checkAlertOffered,
  checkAlertQuery,
  checkSearchValidity,
  searchParamsOf,
} from '../../../src/services/notifications/searchRules';
import { alertPageContext, canCreateAlert } from '../../../src/sagas/alertPage';
import { stateOn } from './support';
import {
  alertQueryOf,
  checkAlertSearch,
  disallowsPush,
  isAlertOffered,
  isBannerExhausted,
  nextBannerCounter,
  parseBannerCounter,
} from '../../../src/shared/domain/alertRules';

describe('alert rules in the browser', () => {
  describe('the search-validity rule', () => {
    const table: Array<[string, number, 'homes' | 'jobs', string, string]> = [
      ['uk', 1, 'homes', 'flat', 'London'],
      ['uk', 1, 'homes', 'f', ''],
      ['uk', 1, 'homes', '', 'Ly'],
      ['uk', 1, 'homes', '  ', '  '],
      ['uk', 1, 'homes', 'a'.repeat(101), 'York'],
      ['uk', 1, 'homes', 'flat', 'b'.repeat(101)],
      ['uk', 1, 'homes', 'flat <b>', 'York'],
      ['uk', 1, 'homes', 'flat\u0007', 'York'],
      ['uk', 4, 'jobs', 'n', 'Leeds'],
      ['uk', 4, 'jobs', 'nurse', 'x'.repeat(300)],
      ['es', 1, 'homes', 'piso   en   venta', '  Madrid '],
      ['jp', 1, 'homes', '家', ''],
      ['tw', 1, 'homes', '房', ''],
      ['th', 1, 'homes', 'บ', ''],
      ['de', 1, 'homes', '1', '2'],
      ['de', 1, 'homes', '12', ''],
    ];
    for (const [country, verticalId, target, what, where] of table) {
      it(`agrees with the notification service on ${country}/${target} "${what.slice(0, 12)}" "${where.slice(0, 12)}"`, () => {
        let serverOk: boolean;
        let serverValue: { what: string; where: string } | undefined;
        try {
          const site = resolveAlertSite(country, verticalId, '');
          serverValue = checkSearchValidity(site, what, where, '');
          serverOk = true;
        } catch (error) {
          if (
            (error as Error).message.startsWith('Unknown country') ||
            (error as Error).message.startsWith('No vertical')
          )
            return; // a country without that vertical: nothing to compare
          serverOk = false;
        }
        const client = checkAlertSearch(countryByCode(country)?.locale ?? 'en', target, what, where);
        expect(client.ok).to.equal(serverOk);
        if (client.ok) expect({ what: client.what, where: client.where }).to.deep.equal(serverValue);
      });
    }
  });

  it('names a jobs alert by its place filter, which it searches by as a filter only (decision 083)', () => {
    const keyword = { geoInfo: [{ id: 4699066, name: 'Houston', visible: true }] };
    const on = (search: string) => {
      const state = stateOn('jobs.us.localhost', 'serp_search', search);
      return { ...state, search: { ...state.search, meta: { ...state.search.meta, keyword } as never } };
    };
    // "Jobs in Houston": no what, its place the filter's; saved, and named so.
    const place = on('?city=4699066');
    expect(canCreateAlert(place)).to.equal(true);
    const ctx = alertPageContext(place, 10)!;
    expect(ctx.query.vertical_properties.where).to.equal('Houston');
    expect(ctx.query.filters).to.deep.include({ city: 4699066 });
    // Without a place filter a jobs page has no where, and "n" alone is too short.
    const none = on('?what=n');
    expect(alertPageContext(none, 10)!.query.vertical_properties.where).to.equal('');
    expect(canCreateAlert(none)).to.equal(false);
    // The service keeps the name beside the place filter, and never searches by it.
    const site = resolveAlertSite('us', 4, '');
    const saved = checkAlertQuery(
      site,
      { what: '', where: 'Houston', dealTypeId: null, filters: { city: 4699066 } },
      '',
    );
    expect(saved.where).to.equal('Houston');
    expect(searchParamsOf(site, saved).has('where')).to.equal(false);
    expect(() => checkAlertQuery(site, { what: '', where: 'Houston', dealTypeId: null, filters: {} }, '')).to.throw(
      /at least 2 letters/,
    );
  });

  it('does not offer jobs alerts to visitors from alert e-mails in es and us, as the service refuses them', () => {
    for (const [country, target, origin, offered] of [
      ['es', 'jobs', 20, false],
      ['us', 'jobs', 21, false],
      ['us', 'jobs', 22, false],
      ['es', 'jobs', 1, true],
      ['es', 'homes', 20, true],
      ['uk', 'jobs', 20, true],
    ] as const) {
      expect(isAlertOffered(country, target, origin), `${country} ${target} ${origin}`).to.equal(offered);
      const site = resolveAlertSite(country, target === 'jobs' ? 4 : 1, '');
      expect(() => checkAlertOffered(site, origin)).to[offered ? 'not' : 'to'].throw();
    }
  });

  it('saves the search of a results URL as it searches: its filters, deal type and map box, no date, zero bounds or unset flags', () => {
    const query = alertQueryOf(
      {
        what: 'flat',
        where: 'Leeds',
        type_id: 2,
        price_min: 0,
        price_max: 900,
        rooms_min: 2,
        date_from: 7,
        parking: true,
        photos: false,
        long_min: -1.6,
        long_max: -1.4,
        page: 3,
      },
      'homes',
    );
    expect(query).to.deep.equal({
      what: 'flat',
      filters: { price_max: 900, rooms_min: 2, parking: true, long_min: -1.6, long_max: -1.4 },
      vertical_properties: { where: 'Leeds', deal_type_id: 2 },
    });
    expect(alertQueryOf({ what: 'nurse', where: 'Leeds' }, 'jobs').vertical_properties).to.deep.equal({
      where: '',
      deal_type_id: null,
    });
  });

  describe('the push permission banner counter', () => {
    it('counts each dismissal and disallows push at the third', () => {
      let counter = 0;
      const disallowed: boolean[] = [];
      for (let i = 0; i < 3; i++) {
        counter = nextBannerCounter(counter, 'dismiss');
        disallowed.push(disallowsPush('dismiss', counter));
      }
      expect(counter).to.equal(3);
      expect(disallowed).to.deep.equal([false, false, true]);
      expect(isBannerExhausted(2)).to.equal(false);
      expect(isBannerExhausted(3)).to.equal(true);
    });

    it('goes to 100 when blocked or on an alert landing, and to 3 (allowed) on accepting', () => {
      expect(nextBannerCounter(1, 'blocked')).to.equal(100);
      expect(disallowsPush('blocked', 100)).to.equal(true);
      expect(nextBannerCounter(0, 'alertLanding')).to.equal(100);
      expect(nextBannerCounter(2, 'accept')).to.equal(3);
      expect(disallowsPush('accept', 3)).to.equal(false);
      expect(nextBannerCounter(100, 'dismiss')).to.equal(100);
    });

    it('reads a missing or broken cookie as 0', () => {
      expect(parseBannerCounter(undefined)).to.equal(0);
      expect(parseBannerCounter('x')).to.equal(0);
      expect(parseBannerCounter('-4')).to.equal(0);
      expect(parseBannerCounter('2')).to.equal(2);
      expect(parseBannerCounter('5000')).to.equal(100);
    });
  });
});
