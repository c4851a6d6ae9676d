import { expect } from 'chai';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl, RawIntlProvider } from 'react-intl';
import { Provider } from 'react-redux';
import { createStore } from 'redux';
import { AdPage } from '../../src/routes/pages/AdPage';
import { createRoutes } from '../../src/routes/routeTable';
import type { Ad } from '../../src/shared/domain/ad';
import { messagesFor } from '../../src/shared/i18n/messages';
import { adLoaded, applyFailed } from '../../src/state/adPage';
import { rootReducer, type RootState } from '../../src/state/store';
import { RoutesContext } from '../../src/ui/RoutesContext';
import { stateOn } from './alerts/support';

/** A job ad whose source takes contacts through the form. */
const ad = {
  type: 'ads',
  id: 'de-job-1',
  attributes: {
    date: '2024-05-01T00:00:00Z',
    timeAgoSeconds: 3600,
    title: 'Pflegefachkraft (m/w/d)',
    description: 'Wir suchen Sie.',
    url: '/partner/7/ads/de-job-1',
    premium: false,
    fresh: false,
    section_id: 1,
    section_type_id: 1,
    isAlternativeAd: false,
    isSimilarContentAd: false,
    position: 1,
    visitCount: 0,
    distanceFromWhere: null,
    totalSources: 1,
    location: { latitude: null, longitude: null, city: 'Berlin', cityArea: null, region: null, postalCode: null },
    source: {
      id: 7,
      name: 'Partner',
      image: null,
      ad: { id: 'p-1', url: 'https://partner.test/1', hasAdpageForm: true, contactEmail: null, contactPhone: null },
    },
    vertical_properties: { images: [], totalImages: 0, price: null, typeId: null, address: null },
  },
} as unknown as Ad;

/** The ad page on jobs.de after the sources service answered the lead with this error. */
function pageAfter(error: string): string {
  let state = stateOn('jobs.de.localhost', 'adpage');
  state = rootReducer(state as never, adLoaded(ad) as never) as unknown as RootState;
  state = rootReducer(state as never, applyFailed(error) as never) as unknown as RootState;
  const store = createStore((s: RootState | undefined) => s as RootState, state);
  const intl = createIntl({ locale: 'de-DE', messages: messagesFor('de-DE') });
  const page = h(RawIntlProvider, { value: intl }, h(RoutesContext.Provider, { value: createRoutes() }, h(AdPage)));
  return renderToString(h(Provider, { store, children: page }));
}

/** The form's input of that name, as rendered. */
const field = (html: string, name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

describe('the apply form, when the sources service refuses a field', () => {
  it("says which field and why, in the site's language, and marks it", () => {
    const html = pageAfter(
      'INVALID_PARAMETER - /data/attributes/user/phone: phone must be a phone number (6 to 17 digits)',
    );
    expect(html).to.contain(messagesFor('de-DE')['apply.invalidPhone']);
    expect(html).not.to.contain(messagesFor('de-DE')['apply.error']);
    expect(field(html, 'phone')).to.contain('aria-invalid="true"').and.contain('aria-describedby="apply-error"');
    expect(field(html, 'email')).not.to.contain('aria-invalid');
    expect(html).to.match(/<p class="apply__error" id="apply-error" role="alert">/);
    // The service's limit.
    expect(field(html, 'phone')).to.contain('maxLength="40"');

    const email = pageAfter('/data/attributes/user/email: email must be an e-mail address');
    expect(email).to.contain(messagesFor('de-DE')['apply.invalidEmail']);
    expect(field(email, 'email')).to.contain('aria-invalid="true"');

    const name = pageAfter('/data/attributes/user/name: name contains control characters');
    expect(name).to.contain('Bitte prüfen Sie „Name“');
  });

  it('keeps "please try again" for what trying again may mend', () => {
    const html = pageAfter('lead timed out after 5000 ms');
    expect(html).to.contain(messagesFor('de-DE')['apply.error']);
    expect(html).not.to.contain('aria-invalid');
  });
});
