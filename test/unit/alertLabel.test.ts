import { expect } from 'chai';
import { createIntl } from 'react-intl';
import { messagesFor } from '../../src/shared/i18n/messages';
import { alertItemOf, type AlertItem } from '../../src/state/notifications';
import { alertDetails } from '../../src/ui/alerts/alertDetails';
import { alertLabel } from '../../src/ui/alerts/alertLabel';

describe("an alert's name on screen", () => {
  const intl = (locale: string) => createIntl({ locale, messages: messagesFor(locale) });

  it('names a search with a place as its title and its mails do', () => {
    expect(alertLabel(intl('de-CH'), 'Wohnung', 'Kanton Zürich')).to.equal('Wohnung im Kanton Zürich');
    expect(alertLabel(intl('de-CH'), 'Wohnung', 'Winterthur')).to.equal('Wohnung in Winterthur');
    expect(alertLabel(intl('th-TH'), 'คอนโด', 'เชียงใหม่')).to.equal('คอนโดในเชียงใหม่');
    expect(alertLabel(intl('ja-JP'), 'マンション', '大阪市')).to.equal('大阪市のマンション');
    expect(alertLabel(intl('en-GB'), 'flat', 'London')).to.equal('flat in London');
    // Without a place, or without words.
    expect(alertLabel(intl('en-GB'), 'flat', '')).to.equal('flat');
    expect(alertLabel(intl('de-CH'), '', 'Bern')).to.equal('Alles in Bern');
    expect(alertLabel(intl('de-CH'), '', 'Kanton Zürich')).to.equal('Alles im Kanton Zürich');
    expect(alertLabel(intl('en-GB'), '', 'London')).to.equal('Everything in London');
    expect(alertLabel(intl('cs-CZ'), '', 'Praha')).to.equal('Všechny inzeráty – Praha');
  });

  it('tells an alert from another of the same words: vertical, type, another country, filters', () => {
    const alert: AlertItem = {
      id: '1',
      what: 'flat',
      where: 'Dublin',
      dealTypeId: 1,
      countryCode: 'ie',
      verticalId: 1,
      frequency: 'daily',
      active: true,
      createdAt: null,
      filterCount: 0,
    };
    expect(alertDetails(intl('en-GB'), alert, 'uk')).to.equal('Homes · For sale · Ireland');
    expect(alertDetails(intl('en-GB'), { ...alert, countryCode: 'uk', filterCount: 3 }, 'uk')).to.equal(
      'Homes · For sale · Filters (3)',
    );
    expect(alertDetails(intl('de-DE'), { ...alert, countryCode: 'de', verticalId: 8, dealTypeId: 103 }, 'de')).to.equal(
      'Produkte · Elektronik',
    );
    expect(
      alertDetails(intl('en-GB'), { ...alert, countryCode: 'uk', verticalId: 4, dealTypeId: null }, 'uk'),
    ).to.equal('Jobs');
  });

  it('counts the filters of an alert however it was saved: URL names, camelCase, a range', () => {
    const resource = (verticalId: number, filters: Record<string, unknown>) =>
      alertItemOf({
        type: 'searches',
        id: '1',
        attributes: {
          query: { what: 'golf', filters, vertical_properties: { where: '', deal_type_id: null } },
          site: { country_code: 'us', vertical_id: verticalId },
          notification: { active: true },
        },
      });
    expect(resource(2, { mileage_max: 30000, price: { min: 1000, max: 20000 } }).filterCount).to.equal(2);
    expect(resource(2, { mileageMax: 30000, yearMin: 2015, yearMax: 2020, make: ['vw', 'seat'] }).filterCount).to.equal(
      3,
    );
    expect(resource(1, { roomsMin: 2, parking: true, price_max: 0 }).filterCount).to.equal(2);
  });
});
