import { expect } from 'chai';
import { createIntl } from 'react-intl';
import { messagesFor } from '../../src/shared/i18n/messages';
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
});
