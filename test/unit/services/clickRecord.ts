import type { ClickRecord } from '../../../src/services/events/EventStore';

/** A billable click-out record, overridable. */
export function clickRecord(over: Partial<ClickRecord> = {}): ClickRecord {
  return {
    clickId: Math.random().toString(36).slice(2),
    at: new Date('2025-06-01T12:00:00Z'),
    adId: 'ad-1',
    sourceId: 1,
    sourceName: 'Partner 1',
    country: 'es',
    vertical: 'homes',
    position: 1,
    sectionId: 1,
    sectionTypeId: 2,
    campaignId: 11,
    device: 'mobile',
    bot: false,
    cpcMicros: 120_000,
    currency: 'EUR',
    dedupeKey: 'c:cookie',
    cookieId: 'cookie',
    ip: '203.0.113.1',
    userAgent: 'test',
    destination: 'https://partner.example/ad-1',
    doc: {},
    ...over,
  };
}
