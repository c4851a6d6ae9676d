import { expect } from 'chai';
import { generateDemoSite } from '../../../src/services/demo/generateDemoData';
import { Gazetteer } from '../../../src/services/places/Gazetteer';

describe('demo ads: places', () => {
  it('are in the region their place is in, as an imported ad is: an area of Caracas east of its border is Miranda’s', () => {
    const g = Gazetteer.shared();
    const { ads } = generateDemoSite({ country: 've', vertical: 'homes' }, g, { now: 1_790_000_000, count: 600 });
    const inAreas = ads.filter((a) => a.location.cityAreaId !== undefined);
    expect(inAreas.length).to.be.greaterThan(20);
    for (const ad of inAreas) {
      const area = g.place(ad.location.cityAreaId as number);
      expect(ad.location.regionId, ad.location.cityArea).to.equal(area?.regionId);
    }
    const miranda = g.regions('ve').find((r) => r.name === 'Miranda');
    const caracas = g.resolve('ve', 'Caracas')?.place;
    const east = inAreas.filter((a) => a.location.cityId === caracas?.id && a.location.regionId === miranda?.id);
    expect(east.map((a) => a.location.region)).to.include('Miranda');
  });
});
