import type { SagaIterator } from 'redux-saga';
import { call, select } from 'redux-saga/effects';
import type { TrackingPath } from '../shared/api/trackingApi';
import { mayTrack } from '../state/consent';
import type { RootState } from '../state/store';
import { sendTracking, trackingCommon } from './trackingSaga';

/**
 * Web push permission events (product-spec §3): the browser's own prompt's, and `custom_` ones
 * for Trawl's permission banner, which asks first.
 */
export type PermissionEvent =
  'request' | 'allow' | 'disallow' | 'auto_disallow' | 'close' | 'custom_request' | 'custom_allow' | 'custom_close';

/** Search events of e-mail alerts (product-spec §3). */
export type SearchEvent = 'new_search' | 'subscribed_search' | 'unsubscribed_search';

/** The permission event of the browser's answer to its prompt: `default` is a prompt closed unanswered. */
export function permissionEventOf(before: string, answer: string): PermissionEvent {
  if (answer === 'granted') return 'allow';
  if (answer === 'denied') return before === 'denied' ? 'auto_disallow' : 'disallow';
  return 'close';
}

function* send(path: TrackingPath, type: string, event: string): SagaIterator {
  const state: RootState = yield select();
  if (mayTrack(state.consent))
    yield call(sendTracking, path, [{ type, attributes: { ...trackingCommon(state), event } }]);
}

/** Tracks a web push permission event (service-calls spec §7: browser-permissions). */
export function* trackPermission(event: PermissionEvent): SagaIterator {
  yield call(send, '/notification/browser/permissions', 'browser-permissions', event);
}

/** Tracks a search event of an e-mail alert (service-calls spec §7: email events). */
export function* trackSearchEvent(event: SearchEvent): SagaIterator {
  yield call(send, '/notification/email/events', 'email-events', event);
}
