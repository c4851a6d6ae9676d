import { expect } from 'chai';
import { billingCampaign, cpcFor, dedupeKeyOf, isSafeDestination } from '../../../src/services/clickout/clickoutRouter';
import { buildReport, formatReport, renderReportHtml } from '../../../src/services/report/buildReport';
import { sameSecret } from '../../../src/services/report/reportRouter';
import { escapeHtml, rankSources } from '../../../src/services/sources/sourcesRouter';
import type { EventStore } from '../../../src/services/events/EventStore';
import { isEmptyBody } from '../../../src/services/tracking/trackingRouter';
import type { Source } from '../../../src/services/search/types';

const source = (id: number, name: string, campaigns: Source['campaigns']): Source => ({
  id,
  name,
  image: '',
  country: 'es',
  vertical: 'homes',
  contactEmail: '',
  contactPhone: '',
  hasAdpageForm: false,
  campaigns,
});

describe('click-out rules', () => {
  it('allows only web pages and our own paths as destinations', () => {
    for (const ok of ['https://partner.example/a?b=1', 'http://partner.example/', '/partner/1/ads/x']) {
      expect(isSafeDestination(ok), ok).to.equal(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      '/\\evil.example',
      'evil.example',
      '',
    ]) {
      expect(isSafeDestination(bad), bad).to.equal(false);
    }
  });

  it('bills the first active campaign at the CPC of the device (tablets at the desktop CPC)', () => {
    const s = source(1, 'P', [
      { id: 1, cpcMobile: 0.1, cpcDesktop: 0.2, active: false },
      { id: 2, cpcMobile: 0.12, cpcDesktop: 0.25, active: true },
    ]);
    const campaign = billingCampaign(s);
    expect(campaign?.id).to.equal(2);
    expect(cpcFor(campaign!, 'mobile')).to.equal(0.12);
    expect(cpcFor(campaign!, 'desktop')).to.equal(0.25);
    expect(cpcFor(campaign!, 'tablet')).to.equal(0.25);
    expect(billingCampaign(source(2, 'Q', []))).to.equal(undefined);
    expect(billingCampaign(undefined)).to.equal(undefined);
  });

  it('tells visitors apart by cookie, else by ip and user agent', () => {
    expect(dedupeKeyOf('abc', '1.2.3.4', 'ua')).to.equal('c:abc');
    expect(dedupeKeyOf(null, '1.2.3.4', 'ua')).to.equal(dedupeKeyOf('', '1.2.3.4', 'ua'));
    expect(dedupeKeyOf(null, '1.2.3.4', 'ua')).not.to.equal(dedupeKeyOf(null, '1.2.3.5', 'ua'));
    expect(dedupeKeyOf(null, '1.2.3.4', 'ua')).to.match(/^h:/);
  });
});

describe('sources rules', () => {
  it('ranks sources with an active campaign first, then by name', () => {
    const ranked = rankSources([
      source(1, 'b', []),
      source(2, 'z', [{ id: 1, cpcMobile: 1, cpcDesktop: 1, active: true }]),
      source(3, 'a', [{ id: 2, cpcMobile: 1, cpcDesktop: 1, active: false }]),
    ]);
    expect(ranked.map((s) => s.id)).to.deep.equal([2, 3, 1]);
  });

  it('escapes markup', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).to.equal(
      '&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });
});

describe('tracking rules', () => {
  it('knows an empty body', () => {
    for (const empty of [undefined, null, {}, [], { data: null }, { data: [] }, { data: {} }]) {
      expect(isEmptyBody(empty), JSON.stringify(empty)).to.equal(true);
    }
    for (const full of [{ data: { type: 'x' } }, { country_code: 'es' }, 'x']) {
      expect(isEmptyBody(full), JSON.stringify(full)).to.equal(false);
    }
  });
});

describe('report', () => {
  it('compares tokens in constant time and refuses an empty expected token', () => {
    expect(sameSecret('abc', 'abc')).to.equal(true);
    expect(sameSecret('abd', 'abc')).to.equal(false);
    expect(sameSecret('abcd', 'abc')).to.equal(false);
    expect(sameSecret('', '')).to.equal(false);
  });

  it('escapes source names in the page and prints an empty table plainly', async () => {
    const events = {
      figures: async () => [
        {
          day: '2025-06-01',
          sourceId: 7,
          clickouts: 2,
          billableClicks: 1,
          revenueMicros: 150_000,
          impressions: 0,
          leads: 0,
        },
      ],
      sourcesSeen: async () => [{ sourceId: 7, name: '<script>x</script>', country: 'es', vertical: 'homes' }],
    } as unknown as EventStore;
    const report = await buildReport(events);
    expect(report.totals).to.deep.equal({ clickouts: 2, billableClicks: 1, revenue: 0.15, impressions: 0, leads: 0 });
    const html = renderReportHtml(report, {});
    expect(html).not.to.contain('<script>');
    expect(html).to.contain('&#60;script&#62;x');
    expect(formatReport({ totals: report.totals, rows: [] })).to.contain('(no click-outs, impressions or leads)');
  });
});
