import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createSearchService } from '../../../src/services/search/createSearchService';
import { allSites } from '../../../src/services/search/siteKeys';

describe('search service: demo data of every site', function () {
  this.timeout(60_000);

  it('seeds every configured site with ads, once, reporting progress', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trawl-'));
    const service = createSearchService({ dataDir, now: () => new Date('2025-06-01T12:00:00Z') });
    try {
      const progress: [number, number][] = [];
      const written = await service.seedDemoData((done, total) => progress.push([done, total]));
      const sites = allSites();
      expect(sites.length).to.be.greaterThan(170);
      expect(progress.at(-1)).to.deep.equal([sites.length, sites.length]);
      let counted = 0;
      for (const site of sites) {
        const n = await service.store.countAds(site);
        expect(n, `${site.country}/${site.vertical}`).to.be.greaterThan(50);
        counted += n;
      }
      expect(written).to.be.at.least(counted);
      expect(await service.seedDemoData()).to.equal(0);
    } finally {
      service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
