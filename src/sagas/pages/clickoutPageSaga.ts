import type { IntlShape } from 'react-intl';
import type { SagaIterator } from 'redux-saga';
import { call, select } from 'redux-saga/effects';
import type { AppRoutes } from '../../routes/types';
import type { Api } from '../../shared/api/createApi';
import type { ClickResponse } from '../../shared/api/clickoutApi';
import { isApiError } from '../../shared/api/errors';
import { pageNumberOf, type QueryParams } from '../../shared/routing/query';
import type { PageResult } from '../../state/page';
import type { RootState } from '../../state/store';
import { getApi, getIntl, getRoutes } from '../context';

const int = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;

/**
 * GET /out/:id, the click-out without JavaScript: the click is recorded like
 * any other and the visitor is sent to the URL stored for the ad; an
 * expired or unknown ad sends them to its ad page instead (spec §4).
 */
export function* loadClickoutRedirect(params: QueryParams): SagaIterator<PageResult> {
  const api: Api = yield getApi();
  const intl: IntlShape = yield getIntl();
  const routes: AppRoutes = yield getRoutes();
  const state: RootState = yield select();
  const { app, tracking } = state;
  const id = String(params.id);
  const title = intl.formatMessage({ id: 'app.name' });
  try {
    const response: ClickResponse = yield call(api.clickout.click, {
      ad: { id, position: int(params.position, 0) },
      site: { country_code: app.site.country, vertical_name: app.site.target },
      section: { id: int(params.section, 1), type_id: int(params.section_type, 1) },
      search: { page_number: pageNumberOf(params), what: params.what == null ? '' : String(params.what) },
      user: { cookie_id: app.installationId, origin_id: tracking.origin },
      tracking: { page_view_id: tracking.pageViewId },
      ...(tracking.abTest ? { ab_test: tracking.abTest } : {}),
      device: app.device,
      options: { is_force_no_adpage: true },
    });
    // The stored URL may be a path on our own host (the demo partners'); make it absolute, never site-relative.
    const destination = new URL(response.meta.destination.url, app.origin).href;
    return { status: 302, redirect: destination, head: { title, noindex: true } };
  } catch (error) {
    if (isApiError(error) && error.status >= 400 && error.status < 500) {
      return { status: 302, redirect: routes.buildPath('adpage', { id }), head: { title, noindex: true } };
    }
    throw error;
  }
}
