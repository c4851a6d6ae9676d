import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call } from 'redux-saga/effects';
import type { MessageId } from '../../shared/i18n/messages';
import type { QueryParams } from '../../shared/routing/query';
import type { PageResult } from '../../state/page';
import { getIntl } from '../context';
import { canonicalUrl } from './common';

/** A load saga for a page whose content later issues fill in: title and canonical only. */
export function titledPage(routeName: string, titleId: MessageId, options: { noindex?: boolean } = {}) {
  return function* loadTitledPage(params: QueryParams): SagaIterator<PageResult> {
    const intl: IntlShape = yield getIntl();
    const canonical: string = yield call(canonicalUrl, routeName, params);
    return { status: 200, head: { title: intl.formatMessage({ id: titleId }), canonical, noindex: options.noindex } };
  };
}
