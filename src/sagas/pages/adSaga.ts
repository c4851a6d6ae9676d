import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, put, select } from 'redux-saga/effects';
import type { Api } from '../../shared/api/createApi';
import type { Ad } from '../../shared/domain/ad';
import { clipSearchText, RELATED_ADS_COUNT } from '../../shared/domain/constants';
import type { QueryParams } from '../../shared/routing/query';
import { adFailed, adLoaded, adRequested, relatedLoaded } from '../../state/adPage';
import type { PageResult } from '../../state/page';
import type { RootState } from '../../state/store';
import { getApi, getIntl } from '../context';
import { adCallParams, canonicalUrl } from './common';
import { structuredData } from './structuredData';

export function* loadAdPage(params: QueryParams): SagaIterator<PageResult> {
  const api: Api = yield getApi();
  const intl: IntlShape = yield getIntl();
  const { app, tracking }: Pick<RootState, 'app' | 'tracking'> = yield select((state: RootState) => state);
  const id = String(params.id);
  const base = adCallParams({ app, tracking });
  yield put(adRequested());
  let ad: Ad;
  try {
    const doc: { data: Ad } = yield call(api.search.ad, id, base);
    ad = doc.data;
  } catch (error) {
    yield put(adFailed((error as Error).message));
    throw error;
  }
  yield put(adLoaded(ad));
  try {
    const related: { data: Ad[] } = yield call(api.search.relatedAds, id, {
      ...base,
      what: clipSearchText(ad.attributes.title),
      where: ad.attributes.location.city ?? undefined,
    });
    yield put(relatedLoaded(related.data.slice(0, RELATED_ADS_COUNT)));
  } catch {
    // No related ads (a 404) leaves the list empty; the ad itself still shows.
    yield put(relatedLoaded([]));
  }
  const canonical: string = yield call(canonicalUrl, 'adpage', { id });
  const expired = ad.attributes.expired === true;
  return {
    status: 200,
    head: {
      title: intl.formatMessage({ id: 'ad.title' }, { title: ad.attributes.title }),
      description: ad.attributes.description.slice(0, 160),
      canonical,
      // An expired ad leaves the index, but crawlers may still follow its related ads.
      noindex: expired ? 'follow' : false,
      jsonLd: expired ? undefined : structuredData(ad, app.site, canonical),
      // Its first picture is the one a shared link shows (absolute: a demo picture is a path here).
      image: ad.attributes.vertical_properties.images[0]
        ? new URL(ad.attributes.vertical_properties.images[0], canonical).toString()
        : undefined,
    },
  };
}
