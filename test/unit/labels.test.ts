import { expect } from 'chai';
import { createIntl } from 'react-intl';
import { messagesFor } from '../../src/shared/i18n/messages';
import { plainMessage } from '../../src/ui/plainMessage';
import { timeAgoLabel } from '../../src/ui/TimeAgo';

describe('labels formatted once per intl object', () => {
  it('gives the same words as formatMessage, per language', () => {
    const en = createIntl({ locale: 'en-GB', messages: messagesFor('en-GB') });
    const es = createIntl({ locale: 'es-ES', messages: messagesFor('es-ES') });
    for (const id of ['ad.badge.new', 'sort.price', 'footer.newTab']) {
      expect(plainMessage(en, id)).to.equal(en.formatMessage({ id }));
      expect(plainMessage(en, id)).to.equal(plainMessage(en, id));
      expect(plainMessage(es, id)).to.equal(es.formatMessage({ id }));
    }
    expect(plainMessage(es, 'ad.badge.new')).to.not.equal(plainMessage(en, 'ad.badge.new'));
  });

  it('says how old an ad is in the largest whole unit, as formatRelativeTime does', () => {
    const en = createIntl({ locale: 'en-GB', messages: messagesFor('en-GB') });
    const es = createIntl({ locale: 'es-ES', messages: messagesFor('es-ES') });
    const cases: Array<[number, string]> = [
      [5, '1 minute ago'],
      [59 * 60, '59 minutes ago'],
      [3 * 3600 + 5, '3 hours ago'],
      [86_400, 'yesterday'],
      [3 * 86_400, '3 days ago'],
      [15 * 86_400, '2 weeks ago'],
      [400 * 86_400, 'last year'],
    ];
    for (const [seconds, label] of cases) {
      expect(timeAgoLabel(en, seconds), String(seconds)).to.equal(label);
      expect(timeAgoLabel(en, seconds)).to.equal(label);
    }
    expect(timeAgoLabel(es, 3 * 86_400)).to.equal(es.formatRelativeTime(-3, 'day', { numeric: 'auto' }));
    expect(timeAgoLabel(es, 3 * 86_400)).to.not.equal(timeAgoLabel(en, 3 * 86_400));
  });
});
