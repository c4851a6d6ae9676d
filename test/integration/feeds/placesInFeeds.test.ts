import { expect } from 'chai';
import type { ImportSummary } from '../../../src/services/feeds/FeedImporter';
import { Gazetteer, type Place } from '../../../src/services/places/Gazetteer';
import type { SiteKey, StoredAd } from '../../../src/services/search/types';
import { feedApp, trovitXml, type FeedApp } from './feedKit';

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A homes record as partners write its place: any of city, region and coordinates. */
interface Spec {
  id: string;
  city?: string;
  region?: string;
  cityArea?: string;
  lat?: number;
  lng?: number;
}

function feed(ads: Spec[]): string {
  const body = ads.map(
    (a) =>
      `<ad><id>${a.id}</id><url><![CDATA[https://partner.example/ads/${a.id}]]></url>` +
      `<title><![CDATA[Home ${a.id}]]></title><type>For Sale</type>` +
      `<content><![CDATA[Bright home ${a.id} with a terrace, a lift and a storage room, near the station.]]></content>` +
      '<price>250000</price>' +
      (a.city !== undefined ? `<city>${a.city}</city>` : '') +
      (a.region !== undefined ? `<region>${a.region}</region>` : '') +
      (a.cityArea !== undefined ? `<city_area>${a.cityArea}</city_area>` : '') +
      (a.lat !== undefined ? `<latitude>${a.lat}</latitude><longitude>${a.lng}</longitude>` : '') +
      '<date>2025-05-20</date></ad>',
  );
  return trovitXml(body);
}

const g = Gazetteer.shared();
const region = (country: string, name: string): Place => {
  const found = g.regions(country).find((r) => r.name === name);
  expect(found, `${country} ${name}`).to.not.equal(undefined);
  return found as Place;
};
const city = (country: string, name: string): Place => {
  const found = g.cities(country).find((c) => c.name === name);
  expect(found, `${country} ${name}`).to.not.equal(undefined);
  return found as Place;
};
const UNKNOWN = 'not a place the gazetteer knows';

describe("feed import: the partner's region and city, against the gazetteer", function () {
  this.timeout(60_000);
  let f: FeedApp;
  let source = 40;
  /** Imports the records into a homes site as a new source; the summary and each record's stored ad. */
  const importAds = async (country: string, ads: Spec[]) => {
    const site: SiteKey = { country, vertical: 'homes' };
    const id = source++;
    const summary = await f.importFeed(f.writeFile(`${country}-${id}.xml`, feed(ads)), site, id);
    expect(summary.imported, JSON.stringify(summary.rejections)).to.equal(ads.length);
    const stored: Record<string, StoredAd> = {};
    for (const a of ads) stored[a.id] = (await f.store.getAdByPartner(id, a.id)) as StoredAd;
    return { summary, ads: stored };
  };
  const found = async (country: string, query: string): Promise<string[]> => {
    const res = await f.get(`/api/sites/${country}/homes/search?${query}`);
    return (res.body.data ?? []).map((a: Body) => a.attributes.title as string);
  };
  /** The place warnings of a run: [field, count] of each 'not a place the gazetteer knows'. */
  const placeWarnings = (s: ImportSummary) =>
    s.warnings.filter((w) => w.reason === UNKNOWN).map((w) => [w.field, w.count]);

  before(() => {
    f = feedApp();
  });
  after(() => f.close());

  describe('a region the feed gives holds the city', () => {
    it('tr: Kadıköy, İstanbul is not the village of Yalova; the region stays, the city stays text and is reported', async () => {
      const istanbul = region('tr', 'İstanbul');
      const { summary, ads } = await importAds('tr', [
        { id: 'K1', city: 'Kadıköy', region: 'İstanbul' },
        // Coordinates in Kadıköy (İstanbul) are kept; coordinates in Ankara are no place of İstanbul.
        { id: 'K2', city: 'Kadıköy', region: 'İstanbul', lat: 40.9903, lng: 29.0291 },
        { id: 'K3', city: 'Kadıköy', region: 'İstanbul', lat: 39.9334, lng: 32.8597 },
      ]);
      expect(ads.K1?.location).to.deep.equal({
        city: 'Kadıköy',
        regionId: istanbul.id,
        region: 'İstanbul',
        latitude: istanbul.lat,
        longitude: istanbul.lng,
      });
      expect(ads.K2?.location).to.deep.include({ regionId: istanbul.id, latitude: 40.9903, longitude: 29.0291 });
      expect(ads.K2?.location.cityId).to.equal(undefined);
      expect(ads.K3?.location).to.deep.include({ latitude: istanbul.lat, longitude: istanbul.lng });
      expect(placeWarnings(summary)).to.deep.equal([['city', 3]]);
      expect(await found('tr', `filters[region]=${istanbul.id}`)).to.have.members(['Home K1', 'Home K2', 'Home K3']);
      expect(await found('tr', `filters[region]=${region('tr', 'Yalova').id}`)).to.deep.equal([]);
    });

    it('jp: Shibuya, Tokyo is the ward of Tokyo, not Shibata in Niigata, with the region written either way', async () => {
      const tokyo = region('jp', '東京都');
      const { summary, ads } = await importAds('jp', [
        { id: 'S1', city: 'Shibuya', region: 'Tokyo' },
        { id: 'S2', city: 'Shibuya', region: '東京都' },
      ]);
      // A ward of the city of Tokyo (extraPlaces.ts), at its ward office.
      for (const ad of [ads.S1, ads.S2]) {
        expect(ad?.location).to.deep.include({
          cityArea: '渋谷区',
          city: '東京都',
          regionId: tokyo.id,
          region: '東京都',
          latitude: 35.664,
          longitude: 139.6982,
        });
      }
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect(await found('jp', `filters[region]=${region('jp', '新潟県').id}`)).to.deep.equal([]);
    });

    it("uk: a county is its nation: Kent is England (not the village of Kenn), Gwent is Wales, Newport is Gwent's", async () => {
      const { summary, ads } = await importAds('uk', [
        { id: 'C1', region: 'Kent' },
        { id: 'C2', city: 'Canterbury', region: 'Kent' },
        { id: 'C3', city: 'Newport', region: 'Gwent' },
        { id: 'C4', city: 'Newport', region: 'Isle of Wight' },
        { id: 'C5', city: 'Lisburn', region: 'Co. Antrim' },
        { id: 'C6', region: 'Fife' },
        { id: 'C7', region: 'Leeds' },
      ]);
      expect(ads.C1?.location).to.deep.include({ regionId: region('uk', 'England').id, region: 'England' });
      expect(ads.C1?.location.city).to.equal(undefined);
      expect(ads.C2?.location).to.deep.include({ city: 'Canterbury', region: 'England' });
      expect(ads.C3?.location).to.deep.include({ city: 'Newport', region: 'Wales' });
      expect(ads.C4?.location).to.deep.include({ region: 'England' });
      expect(ads.C4?.location.cityId).to.not.equal(ads.C3?.location.cityId);
      expect(ads.C5?.location).to.deep.include({ city: 'Lisburn', region: 'Northern Ireland' });
      expect(ads.C6?.location).to.deep.include({ region: 'Scotland' });
      // A division named as its city is that city's region, as before.
      expect(ads.C7?.location).to.deep.include({ region: 'England' });
      expect(placeWarnings(summary)).to.deep.equal([]);
    });

    it('uk: Newcastle, Tyne and Wear is Newcastle upon Tyne, not the small Newcastle of another region', async () => {
      const { summary, ads } = await importAds('uk', [{ id: 'N1', city: 'Newcastle', region: 'Tyne and Wear' }]);
      const upon = city('uk', 'Newcastle upon Tyne');
      expect(ads.N1?.location).to.deep.include({
        cityId: upon.id,
        city: 'Newcastle upon Tyne',
        region: 'England',
        latitude: upon.lat,
      });
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect(await found('uk', 'where=Newcastle%20upon%20Tyne')).to.deep.equal(['Home N1']);
    });

    it("picks the region's place among those of one name, by the start of its name, or one GeoNames files there", async () => {
      const { summary, ads } = await importAds('es', [
        // San Isidro: a town of the Canaries (the biggest of that name) and one of Valencia.
        { id: 'E1', city: 'San Isidro', region: 'Valencia' },
        // No "Alcalá" in Madrid: Alcalá de Henares is the one place of Madrid whose name starts so.
        { id: 'E2', city: 'Alcalá', region: 'Comunidad de Madrid' },
        // Oviedo is filed under Castilla y León by the region data; GeoNames puts it in Asturias.
        { id: 'E3', city: 'Oviedo', region: 'Principado de Asturias' },
      ]);
      expect(ads.E1?.location).to.deep.include({ city: 'San Isidro', region: 'Valencia' });
      expect(g.place(ads.E1?.location.cityId as number)?.regionId).to.equal(region('es', 'Valencia').id);
      expect(ads.E2?.location).to.deep.include({
        cityId: city('es', 'Alcalá de Henares').id,
        regionId: region('es', 'Madrid').id,
      });
      expect(ads.E3?.location).to.deep.include({ cityId: city('es', 'Oviedo').id, region: 'Asturias' });
      expect(placeWarnings(summary)).to.deep.equal([]);
      const de = await importAds('de', [{ id: 'D1', city: 'Halle', region: 'Sachsen-Anhalt' }]);
      expect(de.ads.D1?.location).to.deep.include({ city: 'Halle (Saale)', region: 'Sachsen-Anhalt' });
      expect(await found('es', `filters[region]=${region('es', 'Asturias').id}`)).to.deep.equal(['Home E3']);
    });

    it('never takes a nearest city of another region than the one the feed names', async () => {
      const madrid = region('es', 'Madrid');
      const { ads } = await importAds('es', [
        // Coordinates in Barcelona: no place of Madrid, so neither they nor Barcelona are the ad's.
        { id: 'C1', region: 'Madrid', lat: 41.3888, lng: 2.159 },
        // Coordinates in Alcobendas: kept, and the city found near them.
        { id: 'C2', region: 'Madrid', lat: 40.5373, lng: -3.6372 },
      ]);
      expect(ads.C1?.location).to.deep.equal({
        regionId: madrid.id,
        region: 'Madrid',
        latitude: madrid.lat,
        longitude: madrid.lng,
      });
      expect(ads.C2?.location).to.deep.include({
        regionId: madrid.id,
        cityId: city('es', 'Alcobendas').id,
        latitude: 40.5373,
      });
    });
  });

  describe('a city written with more than its name', () => {
    it('is its city: a district, a postcode, a state, a label around the name, and a search of the city finds it', async () => {
      const paris = city('fr', 'Paris');
      const { summary, ads } = await importAds('fr', [
        { id: 'P1', city: 'Paris 15e' },
        { id: 'P2', city: '75018 Paris' },
        { id: 'P3', city: 'PARIS 18EME' },
      ]);
      for (const id of ['P1', 'P2', 'P3']) expect(ads[id]?.location.cityId, id).to.equal(paris.id);
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect(await found('fr', 'where=Paris')).to.have.members(['Home P1', 'Home P2', 'Home P3']);
      const wien = await importAds('at', [
        { id: 'W1', city: 'Wien 1010' },
        { id: 'W2', city: '1100 Wien' },
        { id: 'W3', city: 'Wien-Favoriten' },
      ]);
      for (const id of ['W1', 'W2', 'W3']) expect(wien.ads[id]?.location.cityId, id).to.equal(city('at', 'Wien').id);
      const others = await importAds('br', [
        { id: 'B1', city: 'São Paulo - SP' },
        { id: 'B2', city: 'Sao Paulo/SP' },
      ]);
      for (const id of ['B1', 'B2']) expect(others.ads[id]?.location.cityId, id).to.equal(city('br', 'São Paulo').id);
      const moscow = await importAds('ru', [{ id: 'R1', city: 'г. Москва' }]);
      expect(moscow.ads.R1?.location.cityId).to.equal(city('ru', 'Москва').id);
      // A city area by any name of it, folded as place names are.
      const areas = await importAds('pl', [{ id: 'A1', city: 'Warszawa', cityArea: 'Bialoleka' }]);
      expect(areas.ads.A1?.location).to.deep.include({ city: 'Warszawa', cityArea: 'Białołeka' });
      expect(areas.ads.A1?.location.cityAreaId).to.be.a('number');
      const shibuya = await importAds('jp', [{ id: 'A2', city: 'Tokyo', cityArea: 'Shibuya-ku' }]);
      expect(shibuya.ads.A2?.location).to.deep.include({ cityArea: '渋谷区' });
      // A town that is no place stays the partner's words, reported; "La" is no town left of "La Paz".
      const unknown = await importAds('es', [{ id: 'U1', city: 'Pueblo Inexistente 12' }]);
      expect(unknown.ads.U1?.location).to.deep.equal({ city: 'Pueblo Inexistente 12' });
      expect(placeWarnings(unknown.summary)).to.deep.equal([['city', 1]]);
    });
  });

  describe("a region by its code, a city's namesakes", () => {
    it('us: IL|Springfield, "Portland, ME" and Portland at coordinates in Maine are the city there, not the biggest namesake', async () => {
      const illinois = region('us', 'Illinois');
      const maine = region('us', 'Maine');
      const { summary, ads } = await importAds('us', [
        { id: 'S1', city: 'Springfield', region: 'IL' },
        { id: 'S2', city: 'Portland, ME' },
        { id: 'S3', city: 'Springfield' },
      ]);
      expect(ads.S1?.location).to.deep.include({ regionId: illinois.id, region: 'Illinois', city: 'Springfield' });
      expect(ads.S2?.location).to.deep.include({ regionId: maine.id, city: 'Portland' });
      // Without a state, the biggest Springfield (Missouri) as before.
      expect(ads.S3?.location.regionId).to.equal(region('us', 'Missouri').id);
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect(await found('us', `filters[region]=${illinois.id}`)).to.deep.equal(['Home S1']);
      // No state, but the partner's coordinates in Maine: Portland, Maine, with them; far from any Madrid,
      // Madrid stays Madrid and the coordinates are not the ad's.
      const near = await importAds('us', [{ id: 'C1', city: 'Portland', lat: 43.6591, lng: -70.2568 }]);
      expect(near.ads.C1?.location).to.deep.include({ regionId: maine.id, latitude: 43.6591, longitude: -70.2568 });
      const far = await importAds('es', [{ id: 'C2', city: 'Madrid', lat: 41.38, lng: 2.17 }]);
      expect(far.ads.C2?.location).to.deep.include({ cityId: city('es', 'Madrid').id });
      expect(far.ads.C2?.location.latitude).to.not.equal(41.38);
      const others = await importAds('de', [{ id: 'D1', city: 'Köln', region: 'NRW' }]);
      expect(others.ads.D1?.location).to.deep.include({ region: 'Nordrhein-Westfalen', city: 'Köln' });
    });
  });

  describe("a capital in its own region, which the gazetteer's second package misfiles", () => {
    it('pt, ph, ma, ve: Lisboa and Cascais are of Lisboa, Cebu City of Central Visayas, Rabat of its region, Caracas of Distrito Capital', async () => {
      const lisboa = region('pt', 'Lisboa');
      const pt = await importAds('pt', [
        { id: 'P1', city: 'Lisboa' },
        { id: 'P2', city: 'Cascais' },
        { id: 'P3', city: 'Sintra', region: 'Lisboa' },
        { id: 'P4', city: 'Guarda' },
      ]);
      for (const id of ['P1', 'P2', 'P3']) expect(pt.ads[id]?.location, id).to.deep.include({ regionId: lisboa.id });
      expect(pt.ads.P3?.location.city).to.equal('Sintra');
      expect(placeWarnings(pt.summary)).to.deep.equal([]);
      // A search of the region finds the capital's flats, and only those of the region.
      expect((await found('pt', `filters[region]=${lisboa.id}`)).sort()).to.deep.equal([
        'Home P1',
        'Home P2',
        'Home P3',
      ]);
      expect(await found('pt', `filters[region]=${region('pt', 'Guarda').id}`)).to.deep.equal(['Home P4']);
      const ph = await importAds('ph', [{ id: 'H1', city: 'Cebu City' }]);
      expect(ph.ads.H1?.location).to.deep.include({ region: 'Central Visayas', city: 'Cebu City' });
      // The Philippines' and Morocco's regions are their regions, not a mix of regions and provinces.
      expect(g.regions('ph')).to.have.length(17);
      expect(g.regions('ma').map((r) => r.name)).to.include.members(['Rabat-Salé-Kénitra', 'Guelmim-Oued Noun']);
      expect(g.regions('ma')).to.have.length(12);
      const ma = await importAds('ma', [{ id: 'M1', city: 'Rabat' }]);
      expect(ma.ads.M1?.location).to.deep.include({ region: 'Rabat-Salé-Kénitra', city: 'Rabat' });
      const ve = await importAds('ve', [
        { id: 'V1', city: 'Caracas' },
        // Its east is Miranda's: Caracas there, with its area.
        { id: 'V2', city: 'Caracas', region: 'Miranda', cityArea: 'Chacao' },
        { id: 'V3', region: 'Miranda' },
        // Its areas named alone, each in its own side's region; as the partner says, when it does.
        { id: 'V4', city: 'Chacao' },
        { id: 'V5', city: 'Caricuao' },
        { id: 'V6', city: 'Chacao', region: 'Distrito Capital' },
        // Coordinates in San Antonio de Los Altos, and no name.
        { id: 'V7', lat: 10.3885, lng: -66.9518 },
      ]);
      expect(ve.ads.V1?.location).to.deep.include({ region: 'Distrito Capital', city: 'Caracas' });
      expect(ve.ads.V2?.location).to.deep.include({ region: 'Miranda', city: 'Caracas', cityArea: 'Chacao' });
      expect(ve.ads.V4?.location).to.deep.include({ region: 'Miranda', city: 'Caracas', cityArea: 'Chacao' });
      expect(ve.ads.V5?.location).to.deep.include({
        region: 'Distrito Capital',
        city: 'Caracas',
        cityArea: 'Caricuao',
      });
      expect(ve.ads.V6?.location).to.deep.include({ region: 'Distrito Capital', city: 'Caracas', cityArea: 'Chacao' });
      expect(ve.ads.V7?.location).to.deep.include({
        region: 'Miranda',
        city: 'Caracas',
        cityArea: 'San Antonio de Los Altos',
      });
      expect(placeWarnings(ve.summary)).to.deep.equal([]);
      // A search of Miranda finds its side of Caracas, one of Distrito Capital the other.
      expect((await found('ve', `filters[region]=${region('ve', 'Miranda').id}`)).sort()).to.deep.equal([
        'Home V2',
        'Home V3',
        'Home V4',
        'Home V7',
      ]);
      // A region alone is placed in it (the second package puts Miranda's centre in Massachusetts).
      expect(ve.ads.V3?.location.latitude).to.be.within(9, 11);
      expect(ve.ads.V3?.location.longitude).to.be.within(-68, -65);
    });
  });

  describe('a name that is a region keeps its place', () => {
    it('mx: a <city> that names a region gives the region, and its city of that name', async () => {
      const { summary, ads } = await importAds('mx', [
        { id: 'M1', city: 'Ciudad de México' },
        { id: 'M2', city: 'Querétaro' },
      ]);
      expect(ads.M1?.location).to.deep.include({
        cityId: city('mx', 'Ciudad de México').id,
        regionId: region('mx', 'Ciudad de México').id,
      });
      expect(ads.M2?.location).to.deep.include({
        cityId: city('mx', 'Santiago de Querétaro').id,
        regionId: region('mx', 'Querétaro').id,
      });
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect(await found('mx', 'where=Ciudad%20de%20M%C3%A9xico')).to.deep.equal(['Home M1']);
      expect(await found('mx', 'where=Quer%C3%A9taro')).to.deep.equal(['Home M2']);
    });

    it('a <region> is a region first, as partners spell it, with an unknown town or none', async () => {
      const es = await importAds('es', [
        { id: 'R1', city: 'Villanueva de Nada', region: 'Madrid' },
        { id: 'R2', region: 'Comunidad de Madrid' },
        { id: 'R3', city: 'Gandia', region: 'Comunitat Valenciana' },
        { id: 'R4', region: 'Región de Murcia' },
        { id: 'R5', region: 'Principado de Asturias' },
      ]);
      const regionOf = (ad: StoredAd | undefined) => ad?.location.region;
      expect(['R1', 'R2', 'R3', 'R4', 'R5'].map((id) => regionOf(es.ads[id]))).to.deep.equal([
        'Madrid',
        'Madrid',
        'Valencia',
        'Murcia',
        'Asturias',
      ]);
      expect(es.ads.R1?.location).to.deep.include({ city: 'Villanueva de Nada', regionId: region('es', 'Madrid').id });
      expect(es.ads.R3?.location.cityId).to.equal(city('es', 'Gandia').id);
      // Only the unknown town is reported: every region is known.
      expect(placeWarnings(es.summary)).to.deep.equal([['city', 1]]);
      const madrid = await found('es', `filters[region]=${region('es', 'Madrid').id}`);
      expect(madrid).to.include.members(['Home R1', 'Home R2']);
      const jp = await importAds('jp', [
        { id: 'T1', region: 'Tokyo' },
        { id: 'T2', region: '東京都' },
      ]);
      const de = await importAds('de', [{ id: 'B1', region: 'Berlin' }]);
      expect([jp.ads.T1, jp.ads.T2].map((a) => a?.location.regionId)).to.deep.equal([
        region('jp', '東京都').id,
        region('jp', '東京都').id,
      ]);
      expect(de.ads.B1?.location).to.deep.include({ regionId: region('de', 'Berlin').id, region: 'Berlin' });
      expect([...placeWarnings(jp.summary), ...placeWarnings(de.summary)]).to.deep.equal([]);
    });

    it('the sites of other scripts store and show their places in that script, as partners write them either way', async () => {
      const eg = await importAds('eg', [
        { id: 'E1', city: 'القاهرة' },
        { id: 'E2', city: 'Cairo' },
        { id: 'E3', city: 'Giza', region: 'محافظة الجيزة' },
        { id: 'E4', region: 'Alexandria Governorate' },
      ]);
      const cairo = city('eg', 'القاهرة');
      for (const ad of [eg.ads.E1, eg.ads.E2])
        expect(ad?.location).to.deep.include({ cityId: cairo.id, city: 'القاهرة', region: 'محافظة القاهرة' });
      expect(eg.ads.E3?.location).to.deep.include({ city: 'الجيزة', region: 'محافظة الجيزة' });
      expect(eg.ads.E4?.location).to.deep.include({ region: 'محافظة الإسكندرية' });
      expect(placeWarnings(eg.summary)).to.deep.equal([]);
      expect(await found('eg', `where=${encodeURIComponent('القاهرة')}`)).to.have.members(['Home E1', 'Home E2']);
      const ru = await importAds('ru', [
        { id: 'M1', city: 'Moscow' },
        { id: 'M2', city: 'Kazan', region: 'Республика Татарстан' },
      ]);
      expect(ru.ads.M1?.location).to.deep.include({ city: 'Москва', region: 'Москва' });
      expect(ru.ads.M2?.location).to.deep.include({ city: 'Казань', region: 'Республика Татарстан' });
      const ua = await importAds('ua', [{ id: 'K1', city: 'Kiev' }]);
      expect(ua.ads.K1?.location).to.deep.include({ city: 'Київ', region: 'Київ' });
      expect([...placeWarnings(ru.summary), ...placeWarnings(ua.summary)]).to.deep.equal([]);
    });
  });

  describe("a big city's area named as a small town elsewhere", () => {
    it('mx, dk: Benito Juárez is the borough of Mexico City, Frederiksberg the one of København, unless the region says which', async () => {
      const mexico = city('mx', 'Ciudad de México');
      const { ads } = await importAds('mx', [
        { id: 'B1', city: 'Benito Juárez' },
        { id: 'B2', city: 'Miguel Hidalgo' },
        { id: 'B3', city: 'Benito Juárez', region: 'Veracruz' },
        { id: 'B4', city: 'Cuauhtémoc' },
      ]);
      expect(ads.B1?.location).to.deep.include({ cityId: mexico.id, cityArea: 'Benito Juárez' });
      expect(ads.B2?.location).to.deep.include({ cityId: mexico.id, cityArea: 'Miguel Hidalgo' });
      expect(ads.B3?.location).to.deep.include({ city: 'Benito Juárez', region: 'Veracruz de Ignacio de la Llave' });
      // A town of 114,000 is no village: Cuauhtémoc stays the city of Chihuahua.
      expect(ads.B4?.location).to.deep.include({ city: 'Cuauhtémoc', region: 'Chihuahua' });
      const dk = await importAds('dk', [{ id: 'F1', city: 'Frederiksberg' }]);
      expect(dk.ads.F1?.location).to.deep.include({ cityId: city('dk', 'København').id, cityArea: 'Frederiksberg' });
    });
  });
  describe('a Japanese or Taiwanese address in <city>', () => {
    it('jp, tw: is its city, and its ward the area (as written where the gazetteer lacks it); a search of the city finds it', async () => {
      const osaka = city('jp', '大阪市');
      const { summary, ads } = await importAds('jp', [
        { id: 'J1', city: '大阪府大阪市北区梅田1-1' },
        { id: 'J2', city: '東京都渋谷区' },
        { id: 'J3', city: '千葉県柏市' },
      ]);
      expect(ads.J1?.location).to.deep.include({ cityId: osaka.id, region: '大阪府', cityArea: '北区' });
      expect(ads.J1?.location.cityAreaId).to.equal(undefined);
      expect(ads.J3?.location.cityArea).to.equal(undefined);
      expect(ads.J2?.location).to.deep.include({ city: '東京都', cityArea: '渋谷区' });
      expect(ads.J3?.location).to.deep.include({ city: '柏市', region: '千葉県' });
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect(await found('jp', `filters[city]=${osaka.id}`)).to.deep.equal(['Home J1']);
      const tw = await importAds('tw', [{ id: 'T1', city: '新北市板橋區' }]);
      expect(tw.ads.T1?.location).to.deep.include({ city: '板橋', region: '新北市' });
    });
  });
  describe('Buenos Aires as Argentine partners write it, and renamed cities', () => {
    it('ar, in: Capital Federal and CABA are the city, its barrios its areas, a region of its own within the province', async () => {
      const buenosAires = city('ar', 'Buenos Aires');
      const caba = region('ar', 'Ciudad Autónoma de Buenos Aires');
      const { summary, ads } = await importAds('ar', [
        { id: 'A1', city: 'Capital Federal' },
        { id: 'A2', city: 'Palermo', region: 'Capital Federal' },
        { id: 'A3', city: 'Buenos Aires', region: 'Buenos Aires' },
        { id: 'A4', city: 'Recoleta', region: 'CABA' },
        { id: 'A5', city: 'Quilmes' },
        { id: 'A6', city: 'San Nicolás de los Arroyos' },
      ]);
      expect(ads.A1?.location).to.deep.include({ cityId: buenosAires.id, regionId: caba.id });
      expect(ads.A2?.location).to.deep.include({ cityId: buenosAires.id, cityArea: 'Palermo', regionId: caba.id });
      // The province the partner named holds its capital, an enclave within it.
      expect(ads.A3?.location).to.deep.include({ cityId: buenosAires.id, region: 'Buenos Aires' });
      expect(ads.A4?.location).to.deep.include({ cityId: buenosAires.id, cityArea: 'Recoleta' });
      // A town of Greater Buenos Aires is a town of the province, not an area of the capital.
      expect(ads.A5?.location).to.deep.include({ city: 'Quilmes', region: 'Buenos Aires' });
      // On the Paraná at the border with Santa Fe, a town of the province.
      expect(ads.A6?.location).to.deep.include({ city: 'San Nicolás de los Arroyos', region: 'Buenos Aires' });
      expect(placeWarnings(summary)).to.deep.equal([]);
      expect((await found('ar', `filters[region]=${caba.id}`)).sort()).to.deep.equal(['Home A1', 'Home A2', 'Home A4']);
      const india = await importAds('in', [
        { id: 'I1', city: 'Gurugram' },
        { id: 'I2', city: 'Prayagraj' },
      ]);
      expect(india.ads.I1?.location).to.deep.include({ city: 'Gurgaon', region: 'Haryana' });
      expect(india.ads.I2?.location).to.deep.include({ region: 'Uttar Pradesh' });
      expect(india.ads.I2?.location.cityId).to.equal(city('in', 'Allahābād').id);
    });
  });
  describe('coordinates without a city', () => {
    it('es: are in the town or city area whose centre reaches them, not the nearest big city', async () => {
      const madrid = city('es', 'Madrid');
      const { summary, ads } = await importAds('es', [
        // Getafe's town hall: a town GeoNames files as an area of Madrid (was "Fuenlabrada", 8 km off).
        { id: 'G1', lat: 40.3083, lng: -3.7327 },
        // Zaragoza, 2 km from its centre, nearer villages' centres than Zaragoza's reach: Zaragoza.
        { id: 'G2', lat: 41.6311, lng: -0.8769 },
        // Alcalá de Henares.
        { id: 'G3', lat: 40.4818, lng: -3.3643 },
      ]);
      expect(ads.G1?.location).to.deep.include({ cityId: madrid.id, cityArea: 'Getafe', latitude: 40.3083 });
      expect(ads.G2?.location).to.deep.include({ city: 'Zaragoza', region: 'Aragón' });
      expect(ads.G3?.location).to.deep.include({ city: 'Alcalá de Henares', region: 'Madrid' });
      expect(placeWarnings(summary)).to.deep.equal([]);
    });
  });
});
