import { expect } from 'chai';
import { activeFilterCount, queryWithoutFilters } from '../../src/shared/domain/filters';

describe('the active filters', () => {
  it('counts a range once, whether one end or both are set', () => {
    expect(activeFilterCount({ price_min: 100, price_max: 900 }, 'homes')).to.equal(1);
    expect(activeFilterCount({ price_min: 100, price_max: 900, parking: true }, 'homes')).to.equal(2);
    expect(activeFilterCount({ price_max: 900, city: 'leeds', sort: 'price', what: 'x' }, 'homes')).to.equal(2);
    expect(activeFilterCount({ type_id: 2, price_max: 900 }, 'homes')).to.equal(2);
    expect(activeFilterCount({ price_min: 0, price_max: 0 }, 'homes')).to.equal(0);
    expect(activeFilterCount({ lat_min: -1, lat_max: 1, long_min: -3, long_max: 2 }, 'cars')).to.equal(1);
    expect(activeFilterCount({ year_min: 2015, year_max: 2020, mileage_max: 1000 }, 'cars')).to.equal(2);
    expect(activeFilterCount({ salary_min: 1, salary_max: 2, distance: 5, experience_min: 2 }, 'jobs')).to.equal(2);
    // A radius counts around a place only (a jobs site has no where).
    expect(activeFilterCount({ city: '42', distance: 5 }, 'jobs')).to.equal(2);
    expect(activeFilterCount({}, 'jobs')).to.equal(0);
    // A product category is a field of the panel, as a homes deal type is.
    expect(activeFilterCount({ type_id: 103 }, 'products')).to.equal(1);
    expect(activeFilterCount({ type_id: 3 }, 'jobs')).to.equal(0);
  });

  it('clears to the same search: its sort and other parameters kept, every filter and the page gone', () => {
    expect(
      queryWithoutFilters(
        {
          what: 'flat',
          where: 'london',
          sort: 'price',
          page: 3,
          price_min: 1,
          price_max: 9,
          parking: true,
          type_id: 2,
        },
        'homes',
      ),
    ).to.equal('?sort=price');
    expect(queryWithoutFilters({ type_id: 103, price_max: 50, dsa: true }, 'products')).to.equal('?dsa=true');
    expect(queryWithoutFilters({ fuel: 'lpg', lat_min: 1 }, 'cars')).to.equal('');
  });
});
