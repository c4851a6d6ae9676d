import { expect } from 'chai';
import { fromMetric, metricFilters, siteFilters } from '../../src/shared/domain/units';

describe("a site's units (decision 082)", () => {
  it('searches an imperial bound for every ad a page shows at that value', () => {
    // A page writes 100 m² as 1,076 sq ft and 48,281 km as 30,000 mi.
    expect(fromMetric('area', 100, 'imperial')).to.equal(1076);
    expect(fromMetric('distance', 48_281, 'imperial')).to.equal(30_000);
    const at = metricFilters({ area_min: 1076, area_max: 1076, mileage_min: 30_000, mileage_max: 30_000 }, 'imperial');
    expect(at.area_min).to.be.at.most(100).and.above(99.9);
    expect(at.area_max).to.be.at.least(100).and.below(100.1);
    expect(at.mileage_min).to.be.at.most(48_281);
    expect(at.mileage_max).to.be.at.least(48_281);
    // ...and none shown at the next value.
    expect(fromMetric('area', at.area_max as number, 'imperial')).to.equal(1076);
    expect(fromMetric('area', (at.area_max as number) + 0.01, 'imperial')).to.equal(1077);
    expect(fromMetric('distance', (at.mileage_min as number) - 1, 'imperial')).to.equal(29_999);
    // Whole kilometres for the service's integer; camelCase keys and text values as alerts hold them.
    expect(metricFilters({ mileageMax: '30000', priceMax: 9000 }, 'imperial')).to.deep.equal({
      mileageMax: '48281',
      priceMax: 9000,
    });
    expect(metricFilters({ area_min: 1076, mileage_max: 5 }, 'metric')).to.deep.equal({
      area_min: 1076,
      mileage_max: 5,
    });
  });

  it("writes the service's metric filters back in the site's units, whole, as a results URL of the site reads them", () => {
    expect(
      siteFilters({ areaMin: 464.52, areaMax: 557.42, mileageMax: 48_281, roomsMin: 2 }, 'imperial'),
    ).to.deep.equal({
      areaMin: 5000,
      areaMax: 6000,
      mileageMax: 30_000,
      roomsMin: 2,
    });
    // And back: the same bounds.
    const url = siteFilters({ areaMin: 464.52 }, 'imperial');
    expect(metricFilters(url, 'imperial').areaMin).to.be.at.most(464.52);
    expect(siteFilters({ areaMin: 464.52 }, 'metric')).to.deep.equal({ areaMin: 464.52 });
  });
});
