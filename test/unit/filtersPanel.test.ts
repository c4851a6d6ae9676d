import { expect } from 'chai';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { messagesFor } from '../../src/shared/i18n/messages';
import type { QueryParams } from '../../src/shared/routing/query';
import { fieldsHtml, filterFieldViews, type FieldView } from '../../src/ui/FiltersPanel';

const h = createElement;

/** The panel's controls as the React elements it rendered before they became one string (uncontrolled). */
function elements(views: FieldView[]) {
  return views.map((view) => {
    switch (view.kind) {
      case 'hidden':
        return h('input', { key: `hidden-${view.name}`, type: 'hidden', name: view.name, value: view.value });
      case 'select':
        return h(
          'label',
          { key: view.name, className: 'filters__field' },
          h('span', null, view.label),
          h(
            'select',
            { name: view.name, defaultValue: view.value },
            view.options.map((o, i) => h('option', { key: `${i}-${o.value}`, value: o.value }, o.text)),
          ),
        );
      case 'range':
        return h(
          'fieldset',
          { key: view.inputs[0]?.name, className: 'filters__field filters__range' },
          h('legend', null, view.label),
          view.inputs.map((input) =>
            h(
              'label',
              { key: input.name },
              h('span', null, input.label),
              h('input', {
                type: 'number',
                inputMode: 'numeric',
                min: '0',
                name: input.name,
                defaultValue: input.value,
              }),
            ),
          ),
        );
      case 'check':
        return h(
          'label',
          { key: view.name, className: 'filters__field filters__check' },
          h('input', { type: 'checkbox', name: view.name, value: 'true', defaultChecked: view.checked }),
          h('span', null, view.label),
        );
      case 'submit':
        return h(
          'div',
          { key: 'submit', className: 'filters__actions' },
          h('button', { type: 'submit', className: 'button button--primary' }, view.label),
        );
    }
  });
}

/** What React writes for those elements inside the panel's form. */
function reactHtml(views: FieldView[]): string {
  const html = renderToString(h('form', null, elements(views)));
  return html.replace(/^<form>/, '').replace(/<\/form>$/, '');
}

const facets = {
  region: [
    { value: 90026079, label: 'England', count: 1234 },
    { value: 2, label: 'Scotland & "Islands" <north>', count: 7 },
  ],
  city: [{ value: 2643743, label: 'London', count: 12 }],
  cityArea: [],
  dealType: [{ value: 1, label: 'For sale', count: 3 }],
  propertyType: [
    { value: 'flat', label: 'Flat', count: 9 },
    { value: "o'brien", count: 1 },
  ],
  make: [{ value: 'bmw', label: 'BMW', count: 2 }],
  company: [{ value: 'pwc', label: 'PwC', count: 1 }],
  fuel: 'not a list',
};

const cases: Array<[string, string, string, QueryParams]> = [
  ['no filters', 'en-GB', 'homes', {}],
  [
    'chosen facets, a range and a check',
    'en-GB',
    'homes',
    { region: '2', property_type: 'flat', price_min: 1000, parking: true, photos: false },
  ],
  ['a chosen value the facets lack', 'en-GB', 'homes', { city: 'Atlantis <&>', type_id: 9 }],
  [
    'other parameters kept as hidden fields',
    'en-GB',
    'homes',
    { sort: 'price', page: 3, what: 'flat', where: 'London', dsa: true, x: 'a\'b"c' },
  ],
  [
    'a since value and one not offered',
    'en-GB',
    'jobs',
    { date_from: 7, company: 'pwc', experience_min: 2, telecommute: true },
  ],
  ['a since value not offered', 'es-ES', 'jobs', { date_from: 14 }],
  ['cars in Spanish', 'es-ES', 'cars', { make: 'bmw', year_min: 2015, mileage_max: 100000, decrease_price: true }],
  ['products in Arabic', 'ar-SA', 'products', { price_max: 50 }],
];

describe("FiltersPanel: the form's controls written as one string", () => {
  for (const [name, locale, target, params] of cases) {
    it(`writes the same HTML as React's rendering of its controls: ${name} (${target}, ${locale})`, () => {
      const intl = createIntl({ locale, messages: messagesFor(locale) });
      const views = filterFieldViews(intl, target, params, facets, 'metric');
      const html = fieldsHtml(views);
      expect(html).to.equal(reactHtml(views));
      expect(html).to.contain('<button type="submit"');
    });
  }

  it('marks the chosen options, values and checks in what it writes', () => {
    const intl = createIntl({ locale: 'en-GB', messages: messagesFor('en') });
    const html = fieldsHtml(
      filterFieldViews(intl, 'homes', { region: '2', price_min: 1000, parking: true, sort: 'price' }, facets, 'metric'),
    );
    expect(html).to.contain(
      '<option value="2" selected="">Scotland &amp; &quot;Islands&quot; &lt;north&gt; (7)</option>',
    );
    expect(html).to.contain('<option value="90026079">England (1,234)</option>');
    expect(html).to.contain('name="price_min" value="1000"');
    expect(html).to.match(/name="parking" checked="" value="true"/);
    expect(html).to.contain('<input type="hidden" name="sort" value="price"/>');
  });
});
