import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, select } from 'redux-saga/effects';
import type { Site } from '../../../config/sites';
import type { PageResult } from '../../state/page';
import { getIntl } from '../context';
import { canonicalUrl, selectSite } from './common';
import { loadSeoLinks } from './seoSaga';

export function* loadHome(): SagaIterator<PageResult> {
  const intl: IntlShape = yield getIntl();
  const site: Site = yield select(selectSite);
  const country = site.countryName;
  const { inCountry } = site;
  const title =
    site.target === 'general'
      ? intl.formatMessage({ id: 'home.generalTitle' }, { country, inCountry })
      : intl.formatMessage(
          { id: 'home.title' },
          { country, inCountry, vertical: intl.formatMessage({ id: `vertical.${site.target}` }) },
        );
  const description =
    site.target === 'general'
      ? intl.formatMessage({ id: 'home.generalDescription' }, { country })
      : intl.formatMessage(
          { id: 'home.description' },
          { country, vertical: intl.formatMessage({ id: `vertical.${site.target}` }) },
        );
  yield call(loadSeoLinks);
  return { status: 200, head: { title, description, canonical: yield call(canonicalUrl, 'home') } };
}
