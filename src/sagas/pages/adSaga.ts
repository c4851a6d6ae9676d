import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, select } from 'redux-saga/effects';
import type { Api } from '../../shared/api/createApi';
import { CLIENT_ID } from '../../shared/domain/constants';
import type { QueryParams } from '../../shared/routing/query';
import type { PageResult } from '../../state/page';
import type { RootState } from '../../state/store';
import { getApi, getIntl } from '../context';
import { canonicalUrl } from './common';

interface AdDocument {
  data: { id: string; attributes: { title?: string; description?: string } };
}

export function* loadAdPage(params: QueryParams): SagaIterator<PageResult> {
  const api: Api = yield getApi();
  const intl: IntlShape = yield getIntl();
  const { site, device } = yield select((state: RootState) => state.app);
  const id = String(params.id);
  const doc: AdDocument = yield call(api.search.ad, id, { countryCode: site.country, device, clientId: CLIENT_ID });
  const title = doc.data.attributes.title ?? id;
  return {
    status: 200,
    head: {
      title: intl.formatMessage({ id: 'ad.title' }, { title }),
      description: doc.data.attributes.description?.slice(0, 160),
      canonical: yield call(canonicalUrl, 'adpage', { id }),
    },
  };
}
