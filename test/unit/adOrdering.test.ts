import { expect } from 'chai';
import type { Ad } from '../../src/shared/domain/ad';
import { orderResults, premiumSplit } from '../../src/shared/domain/adOrdering';
import { activeFilterCount, apiFilters } from '../../src/shared/domain/filters';
import { pageWindow } from '../../src/ui/Paginator';

const ads = (prefix: string, n: number, section = prefix === 'p' ? 26 : 1): Ad[] =>
  Array.from(
    { length: n },
    (_, i) =>
      ({ type: 'ads', id: `${prefix}${i}`, attributes: { section_id: section, position: i + 1 } }) as unknown as Ad,
  );

describe('ad ordering on a results page', () => {
  it('puts 4 premium ads above and 4 below with at least 5 organic ads', () => {
    expect(premiumSplit(5, 8)).to.deep.equal({ top: 4, bottom: 4 });
    expect(premiumSplit(20, 8)).to.deep.equal({ top: 4, bottom: 4 });
    expect(premiumSplit(20, 5)).to.deep.equal({ top: 4, bottom: 1 });
  });

  it('gives the top 0, 2 or 4 and the bottom 0 or 4 with fewer than 5 organic ads', () => {
    for (let organic = 0; organic < 5; organic++) {
      for (let premium = 0; premium <= 8; premium++) {
        const { top, bottom } = premiumSplit(organic, premium);
        expect([0, 2, 4], `top for ${organic}/${premium}`).to.include(top);
        expect([0, 4], `bottom for ${organic}/${premium}`).to.include(bottom);
        expect(top + bottom).to.be.at.most(premium);
      }
    }
    expect(premiumSplit(1, 8)).to.deep.equal({ top: 2, bottom: 4 });
    expect(premiumSplit(0, 8)).to.deep.equal({ top: 0, bottom: 0 });
    expect(premiumSplit(3, 3)).to.deep.equal({ top: 2, bottom: 0 });
  });

  it('lays out premium top, organic, premium bottom, then similar-content ads', () => {
    const ordered = orderResults(ads('o', 6), ads('p', 8), ads('s', 2));
    expect(ordered.premiumTop.map((a) => a.id)).to.deep.equal(['p0', 'p1', 'p2', 'p3']);
    expect(ordered.organic).to.have.length(6);
    expect(ordered.premiumBottom.map((a) => a.id)).to.deep.equal(['p4', 'p5', 'p6', 'p7']);
    expect(ordered.similarContent.map((a) => a.id)).to.deep.equal(['s0', 's1']);
  });

  it('puts the bottom block in the bottom banner section 27, numbered from 1, and leaves a landing page its section', () => {
    const ordered = orderResults(ads('o', 6), ads('p', 8), []);
    const where = (list: Ad[]) => list.map((a) => [a.attributes.section_id, a.attributes.position]);
    expect(where(ordered.premiumTop)).to.deep.equal([
      [26, 1],
      [26, 2],
      [26, 3],
      [26, 4],
    ]);
    expect(where(ordered.premiumBottom)).to.deep.equal([
      [27, 1],
      [27, 2],
      [27, 3],
      [27, 4],
    ]);
    expect(where(orderResults(ads('o', 6), ads('p', 8, 97), []).premiumBottom).map(([s]) => s)).to.deep.equal([
      97, 97, 97, 97,
    ]);
  });
});

describe('filters', () => {
  it('sends the filters of the vertical camel-cased, dropping a min or max of 0 or below', () => {
    const params = { price_min: 0, price_max: 900, rooms_min: -1, parking: true, make: 'bmw', area_max: 70 };
    expect(apiFilters(params, 'homes', 'metric')).to.deep.equal({
      'filters[priceMax]': 900,
      'filters[parking]': true,
      'filters[areaMax]': 70,
    });
    expect(apiFilters(params, 'cars', 'metric')).to.deep.equal({ 'filters[make]': 'bmw', 'filters[priceMax]': 900 });
  });

  it('keeps the sign of a map box west of Greenwich or south of the equator, as the search service does', () => {
    const box = { lat_min: -34.7, lat_max: 0, long_min: -1, long_max: -0.05, price_min: -5 };
    expect(apiFilters(box, 'homes', 'metric')).to.deep.equal({
      'filters[latMin]': -34.7,
      'filters[latMax]': 0,
      'filters[longMin]': -1,
      'filters[longMax]': -0.05,
    });
    expect(apiFilters({ long_min: 'west' }, 'homes', 'metric')).to.deep.equal({});
  });

  it('counts the active filters', () => {
    expect(activeFilterCount({ price_max: 900, city: 'leeds', sort: 'price', what: 'x' }, 'homes')).to.equal(2);
    expect(activeFilterCount({}, 'jobs')).to.equal(0);
    // The homes deal type is a field of the panel.
    expect(activeFilterCount({ type_id: 2, price_max: 900 }, 'homes')).to.equal(2);
    expect(activeFilterCount({ type_id: 0 }, 'homes')).to.equal(0);
  });
});

describe('the paginator window', () => {
  it('shows five pages around the current one, clamped to the ends', () => {
    expect(pageWindow(1, 40)).to.deep.equal([1, 2, 3, 4, 5]);
    expect(pageWindow(20, 40)).to.deep.equal([18, 19, 20, 21, 22]);
    expect(pageWindow(40, 40)).to.deep.equal([36, 37, 38, 39, 40]);
    expect(pageWindow(2, 3)).to.deep.equal([1, 2, 3]);
  });
});
