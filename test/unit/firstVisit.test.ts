import { expect } from 'chai';
import { adoptVisitor, type VisitorEnvironment } from '../../src/client/firstVisit';
import { parseCookies } from '../../src/shared/domain/cookies';
import { assignOption, bucketHash } from '../../src/shared/domain/visitor';
import { seededRandom } from '../../src/shared/seededRandom';
import type { RootState } from '../../src/state/store';

const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile';
const IDS = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];

/** The state of a neutral page as the server serializes it (only what adoptVisitor reads and writes). */
function neutralState(country = 'uk', device: 'mobile' | 'desktop' = 'mobile', origin = 0): RootState {
  return {
    app: { site: { country }, device, isBot: false, installationId: '', cookiesEnabled: false },
    tracking: { pageViewId: '', origin, trackingCode: null, sendingId: null, userCampaignIds: [], abTest: null },
  } as unknown as RootState;
}

/** A browser with `cookie` already set, which keeps what is set unless `refusesCookies`. */
function browser(
  options: Partial<Pick<VisitorEnvironment, 'userAgent' | 'referrer' | 'search'>> & {
    cookie?: string;
    refusesCookies?: boolean;
  } = {},
) {
  const set: Array<[string, string, number]> = [];
  let next = 0;
  const env: VisitorEnvironment = {
    userAgent: PHONE,
    referrer: '',
    search: '',
    ...options,
    cookies: () =>
      [
        options.cookie ?? '',
        ...(options.refusesCookies ? [] : set.map(([name, value]) => `${name}=${encodeURIComponent(value)}`)),
      ]
        .filter(Boolean)
        .join('; '),
    randomId: () => IDS[next++] ?? 'x',
    setCookie: (name, value, maxAge) => set.push([name, value, maxAge]),
  };
  return { env, set };
}

describe('the first load of a visitor-neutral page (src/client/firstVisit.ts)', () => {
  it('hashes by FNV-1a with a finaliser: the published FNV vectors, then an even, independent split', () => {
    // FNV-1a 32 of '', 'a' and 'foobar' (Fowler, Noll, Vo test vectors), each through MurmurHash3's fmix32.
    const fmix = (x: number) => {
      let h = x;
      h ^= h >>> 16;
      h = Math.imul(h, 0x85ebca6b);
      h ^= h >>> 13;
      h = Math.imul(h, 0xc2b2ae35);
      return (h ^ (h >>> 16)) >>> 0;
    };
    expect(bucketHash('')).to.equal(fmix(0x811c9dc5));
    expect(bucketHash('a')).to.equal(fmix(0xe40c292c));
    expect(bucketHash('foobar')).to.equal(fmix(0xbf9cf968));
    expect(bucketHash('zoë')).to.not.equal(bucketHash('zoe'));

    const random = seededRandom(7);
    const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
    const ids = Array.from({ length: 20_000 }, () => `${hex(8)}-${hex(4)}-4${hex(3)}-8${hex(3)}-${hex(12)}`);
    const a = ids.map((id) => assignOption(666, ['A', 'B'], id, 'uk', 'desktop'));
    const b = ids.map((id) => assignOption(667, ['A', 'B'], id, 'uk', 'desktop'));
    const three = ids.map((id) => assignOption(668, ['A', 'B', 'C'], id, 'uk', 'desktop'));
    const share = (xs: string[], x: string) => xs.filter((o) => o === x).length / xs.length;
    expect(share(a, 'A')).to.be.within(0.48, 0.52);
    expect(share(b, 'A')).to.be.within(0.48, 0.52);
    for (const option of ['A', 'B', 'C']) expect(share(three, option)).to.be.within(0.31, 0.356);
    // Two tests split a visitor independently: they agree for about half of the visitors, not all or none.
    expect(a.filter((o, i) => o === b[i]).length / ids.length).to.be.within(0.47, 0.53);
  });

  it('makes a person an installation id, a page-view id and an A/B option, each cookie as the server would set it', () => {
    const { env, set } = browser();
    const state = adoptVisitor(neutralState('uk', 'desktop'), { cookies: [] }, env);
    expect(state.app.installationId).to.equal(IDS[0]);
    expect(state.app.isBot).to.equal(false);
    expect(state.tracking.pageViewId).to.equal(IDS[1]);
    expect(state.app.cookiesEnabled).to.equal(true);
    const option = assignOption(666, ['A', 'B'], IDS[0]!, 'uk', 'desktop');
    expect(state.tracking.abTest).to.deep.equal({ id: 666, option, platform: 'desktop' });
    expect(set).to.deep.equal([
      ['trawl_iid', IDS[0], 730 * 86_400],
      ['trawl_ab', `666:${option}`, 30 * 86_400],
    ]);
  });

  it('knows cookies do not work when the browser drops the id it was given', () => {
    const state = adoptVisitor(neutralState(), { cookies: [] }, browser({ refusesCookies: true }).env);
    expect(state.app.installationId).to.equal(IDS[0]);
    expect(state.app.cookiesEnabled).to.equal(false);
  });

  it('gives a bot an id for the page but no cookie', () => {
    const { env, set } = browser({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)', search: '?origin=3' });
    const state = adoptVisitor(neutralState(), { cookies: [] }, env);
    expect(state.app.isBot).to.equal(true);
    expect(state.app.installationId).to.equal(IDS[0]);
    expect(set).to.deep.equal([]);
  });

  it('takes the origin from the query (kept a day), else the referrer: organic 2 with one, direct 1 without', () => {
    const fromQuery = browser({ search: '?origin=3', referrer: 'https://www.google.com/' });
    expect(adoptVisitor(neutralState('uk', 'mobile', 3), { cookies: [] }, fromQuery.env).tracking.origin).to.equal(3);
    expect(fromQuery.set).to.deep.include(['trawl_origin', '3', 86_400]);
    const organic = browser({ referrer: 'https://www.google.com/' });
    expect(adoptVisitor(neutralState(), { cookies: [] }, organic.env).tracking.origin).to.equal(2);
    expect(organic.set.some(([name]) => name === 'trawl_origin')).to.equal(false);
    expect(adoptVisitor(neutralState(), { cookies: [] }, browser().env).tracking.origin).to.equal(1);
  });

  it('forces option B of test 666 on mobile in fr and in', () => {
    for (const country of ['fr', 'in']) {
      const state = adoptVisitor(neutralState(country, 'mobile'), { cookies: [] }, browser().env);
      expect(state.tracking.abTest).to.deep.equal({ id: 666, option: 'B', platform: 'mobile' });
    }
  });

  it('sets the cookies the page’s load asked for (the last search)', () => {
    const { env, set } = browser();
    adoptVisitor(neutralState(), { cookies: [['trawl_last_search', '{"what":"house","where":""}', 1800]] }, env);
    expect(set).to.deep.include(['trawl_last_search', '{"what":"house","where":""}', 1800]);
  });

  it('keeps what the browser already has: its id, option, origin and sending id', () => {
    const cookie = `other=1; trawl_iid=${IDS[1]}; trawl_ab=666%3AA; trawl_origin=7; trawl_sending_id=s-9`;
    const { env, set } = browser({ cookie });
    const state = adoptVisitor(neutralState('uk', 'desktop'), { cookies: [] }, env);
    expect(state.app.installationId).to.equal(IDS[1]);
    expect(state.app.cookiesEnabled).to.equal(true);
    expect(state.tracking).to.deep.include({ origin: 7, sendingId: 's-9' });
    expect(state.tracking.abTest).to.deep.equal({ id: 666, option: 'A', platform: 'desktop' });
    expect(set).to.deep.equal([]);
  });

  it('reads cookies as document.cookie gives them', () => {
    expect(parseCookies('a=1; trawl_ab=666%3AB;  b = x=y ; bad')).to.deep.equal({
      a: '1',
      trawl_ab: '666:B',
      b: 'x=y',
    });
  });
});
