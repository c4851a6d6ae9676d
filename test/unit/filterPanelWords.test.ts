import { expect } from 'chai';
import { createIntl } from 'react-intl';
import {
  DEAL_TYPES,
  FUELS,
  JOB_TYPES,
  labelOf,
  PRODUCT_CATEGORIES,
  TRANSMISSIONS,
} from '../../src/services/search/reference';
import { compiledMessagesFor } from '../../src/shared/i18n/compiledMessages';
import { LANGUAGES } from '../../src/shared/i18n/featureCatalogue';
import { messagesFor } from '../../src/shared/i18n/messages';
import type { QueryParams } from '../../src/shared/routing/query';
import { filterFieldViews, type FieldView } from '../../src/ui/FiltersPanel';

const intlOf = (language: string) => createIntl({ locale: language, messages: messagesFor(language) });

const rangeOf = (views: FieldView[], name: string) =>
  views.find(
    (v): v is Extract<FieldView, { kind: 'range' }> => v.kind === 'range' && v.inputs.some((i) => i.name === name),
  );
const selectOf = (views: FieldView[], name: string) =>
  views.find((v): v is Extract<FieldView, { kind: 'select' }> => v.kind === 'select' && v.name === name);

describe('the filters panel’s words', () => {
  it('says a distance is a radius ("within"), in every language, and a lone lower bound "at least"', () => {
    for (const language of LANGUAGES) {
      const messages = messagesFor(language);
      const views = filterFieldViews(
        intlOf(language),
        'jobs',
        { city: '4887398', distance: 25, experience_min: 2 },
        {},
        'metric',
      );
      const distance = rangeOf(views, 'distance');
      expect(distance?.label, language).to.equal(
        intlOf(language).formatMessage({ id: 'filters.distance' }, { units: 'metric' }),
      );
      expect(distance?.inputs, language).to.deep.equal([
        { label: messages['filters.within'], name: 'distance', value: '25' },
      ]);
      expect(messages['filters.within'], language).to.not.equal(messages['filters.atLeast']);
      expect(rangeOf(views, 'experience_min')?.inputs[0]?.label, language).to.equal(messages['filters.atLeast']);
    }
    expect(rangeOf(filterFieldViews(intlOf('en'), 'jobs', { city: '1' }, {}, 'metric'), 'distance')?.label).to.equal(
      'Distance (km)',
    );
    // A mileage names its unit: kilometres on Ireland's site, miles on Britain's (decision 082).
    const mileage = (units: 'metric' | 'imperial') =>
      rangeOf(filterFieldViews(intlOf('en'), 'cars', {}, {}, units), 'mileage_min')?.label;
    expect([mileage('metric'), mileage('imperial')]).to.deep.equal(['Mileage (km)', 'Mileage (mi)']);
    // An imperial site's radius is in miles (decision 082).
    expect(rangeOf(filterFieldViews(intlOf('en'), 'jobs', { city: '1' }, {}, 'imperial'), 'distance')?.label).to.equal(
      'Distance (mi)',
    );
    const pl = rangeOf(filterFieldViews(intlOf('pl'), 'jobs', { region: '2' }, {}, 'metric'), 'distance');
    expect(pl?.inputs[0]?.label).to.not.equal('Co najmniej');
    // Without a place to measure from, no radius is offered.
    expect(rangeOf(filterFieldViews(intlOf('en'), 'jobs', { distance: 25 }, {}, 'metric'), 'distance')).to.equal(
      undefined,
    );
  });

  it("names chosen values by the site language's reference labels on a page without results (no facets)", () => {
    const params: QueryParams = { fuel: 'lpg', transmission: 'manual', car_type: 'suv' };
    for (const language of LANGUAGES) {
      const views = filterFieldViews(intlOf(language), 'cars', params, {}, 'metric');
      expect(selectOf(views, 'fuel')?.options.find((o) => o.value === 'lpg')?.text, language).to.equal(
        labelOf(FUELS, 'lpg', language),
      );
      expect(selectOf(views, 'transmission')?.options.find((o) => o.value === 'manual')?.text, language).to.equal(
        labelOf(TRANSMISSIONS, 'manual', language),
      );
    }
    const it = filterFieldViews(intlOf('it'), 'cars', params, {}, 'metric');
    expect(selectOf(it, 'fuel')?.options.map((o) => o.text)).to.deep.equal(['Qualsiasi', 'GPL']);
    expect(selectOf(it, 'transmission')?.options.map((o) => o.text)).to.deep.equal(['Qualsiasi', 'Manuale']);
    // Homes deal types (numbers) and jobs' contracts too; a value no list knows reads as written.
    const es = filterFieldViews(intlOf('es'), 'homes', { type_id: 2, property_type: 'castle-ish' }, {}, 'metric');
    expect(selectOf(es, 'type_id')?.options[1]?.text).to.equal(labelOf(DEAL_TYPES, 2, 'es'));
    expect(selectOf(es, 'property_type')?.options[1]?.text).to.equal('castle-ish');
    const pl = filterFieldViews(intlOf('pl'), 'jobs', { job_type: 'permanent' }, {}, 'metric');
    expect(selectOf(pl, 'job_type')?.options[1]?.text).to.equal(labelOf(JOB_TYPES, 'permanent', 'pl'));
    // A product category the search carries is shown, and can be set back to any.
    const de = selectOf(filterFieldViews(intlOf('de'), 'products', { type_id: 103 }, {}, 'metric'), 'type_id');
    expect(de?.value).to.equal('103');
    expect(de?.options.map((o) => o.text)).to.deep.equal(['Alle', labelOf(PRODUCT_CATEGORIES, 103, 'de')]);
  });

  it('labels facet items without a label, and reads the same from the compiled catalogue the browser gets', () => {
    const facets = { fuel: [{ value: 'lpg', count: 3 }] };
    const compiled = createIntl({ locale: 'it-IT', messages: compiledMessagesFor('it-IT') });
    for (const intl of [intlOf('it'), compiled]) {
      const fuel = selectOf(filterFieldViews(intl, 'cars', {}, facets, 'metric'), 'fuel');
      expect(fuel?.options.map((o) => o.text)).to.deep.equal(['Qualsiasi', 'GPL (3)']);
    }
  });
});
