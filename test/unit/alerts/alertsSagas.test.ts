import { expect } from 'chai';
import sinon from 'sinon';
import {
  changeEmailAlert,
  changeNewsletter,
  createEmailAlert,
  createPushAlert,
  encodeCredentials,
  ensurePushSubscription,
  onBannerEvent,
  onClientLoad,
  onUiMounted,
  PUSH_STORAGE_KEY,
} from '../../../src/sagas/alertsSaga';
import { loadEmailManager, loadPushManager } from '../../../src/sagas/pages/notificationsSaga';
import { ApiNotificationError } from '../../../src/shared/api/errors';
import type { HttpClient } from '../../../src/shared/api/http';
import { createNotificationsApi, type AlertResource } from '../../../src/shared/api/notificationsApi';
import { APP_VERSION } from '../../../src/shared/domain/constants';
import { bannerEvent, emailAlertRequested, pushAlertRequested } from '../../../src/state/alerts';
import {
  clientLoadRequested,
  emailAlertsLoaded,
  credentialsResolved,
  newsletterRequested,
  type AlertItem,
} from '../../../src/state/notifications';
import { rootReducer, type RootState } from '../../../src/state/store';
import { fakeEnv, run, stateOn } from './support';

const SUB_ID = '0123456789abcdef0123456789abcdef';
const USER = { email: 'a@example.org', userControlToken: 'u'.repeat(43) };

function alert(id: string, o: Partial<AlertItem> = {}): AlertItem {
  return {
    id,
    what: 'flat',
    where: 'London',
    dealTypeId: 2,
    countryCode: 'uk',
    verticalId: 1,
    frequency: 'daily',
    active: true,
    createdAt: null,
    filterCount: 0,
    ...o,
  };
}

function resource(id: string): AlertResource {
  return {
    type: 'subscriptions',
    id,
    attributes: {
      query: { what: 'flat', filters: {}, vertical_properties: { where: 'London', deal_type_id: 2 } },
      site: { country_code: 'uk', vertical_id: 1 },
      notification: { frequency: 'daily', active: true, suggested: false },
    },
  };
}

function managerState(alerts: AlertItem[]): RootState {
  let state = stateOn('homes.uk.localhost', 'notifications_email');
  for (const action of [
    credentialsResolved(USER),
    emailAlertsLoaded(alerts, {
      terceros: { active: false, changed: false },
      partners: { active: true, changed: false },
    }),
  ]) {
    state = rootReducer(state as never, action as never) as unknown as RootState;
  }
  return state;
}

const conflict = (message: string) => new ApiNotificationError(message, 'X', 409);

describe('alert sagas', () => {
  describe('e-mail alert creation', () => {
    const serp = () =>
      stateOn('homes.uk.localhost', 'serp_search', '?price_max=900&type_id=2', { what: 'flat', where: 'London' });

    it('says what is missing, with the spec texts, and calls nothing', async () => {
      const create = sinon.stub();
      const { state } = await run(
        createEmailAlert,
        serp(),
        { api: { notifications: { createEmailSubscription: create } } },
        emailAlertRequested('  ', false),
      );
      expect(state().alerts.creation.formError).to.deep.equal({
        email: 'alerts.email.required',
        terms: 'alerts.email.termsRequired',
      });
      expect(state().intl.messages['alerts.email.required']).to.equal('Please enter your e-mail address');
      expect(state().intl.messages['alerts.email.termsRequired']).to.equal('Please accept the terms and conditions.');
      expect(create.called).to.equal(false);
    });

    it('posts the spec body (site, query, context) and ends in the created state', async () => {
      const create = sinon.stub().resolves({ data: resource('e1') });
      const start = rootReducer(
        serp() as never,
        {
          type: 'search/succeeded',
          organic: [],
          meta: { totalCount: 42, totalPremiumCount: 0, pagination: { page: 1, maxPage: 3 } },
        } as never,
      ) as unknown as RootState;
      const { state, tracked } = await run(
        createEmailAlert,
        start,
        { api: { notifications: { createEmailSubscription: create } } },
        emailAlertRequested(' a@example.org ', true),
      );
      expect(create.firstCall.args[0]).to.deep.equal({
        site: { country_code: 'uk', vertical_id: 1 },
        email: 'a@example.org',
        query: { what: 'flat', filters: { price_max: 900 }, vertical_properties: { where: 'London', deal_type_id: 2 } },
        context: { section_id: 10, origin_id: 1, device_type: 2, total_results: 42 },
      });
      expect(tracked).to.deep.equal(['/notification/email/events new_search']);
      expect(state().alerts.creation).to.include({
        isLoading: false,
        alreadyCreated: true,
        channel: 'email',
        error: null,
      });
    });

    it('tells the address it already had this alert when the service answers the existing one', async () => {
      const existing = resource('e1');
      existing.attributes = { ...existing.attributes, is_new_alert: false } as typeof existing.attributes;
      const create = sinon.stub().resolves({ data: existing });
      const { state, tracked } = await run(
        createEmailAlert,
        serp(),
        { api: { notifications: { createEmailSubscription: create } } },
        emailAlertRequested('a@example.org', true),
      );
      expect(state().alerts.creation).to.include({ alreadyCreated: true, notice: 'alerts.email.existing' });
      expect(state().intl.messages['alerts.email.existing']).to.equal(
        'This address already had this alert: its new ads keep coming.',
      );
      expect(tracked).to.deep.equal(['/notification/email/events subscribed_search']);
    });

    it('tells a 409 on creating the user and still saves the alert; other errors say an error occurred', async () => {
      const create = sinon.stub().resolves({ data: resource('e1') });
      const createUser = sinon.stub().rejects(conflict('A user with this e-mail address already exists.'));
      const { state } = await run(
        createEmailAlert,
        serp(),
        { api: { notifications: { createEmailSubscription: create, createUser } } },
        emailAlertRequested('a@example.org', true, true),
      );
      expect(state().alerts.creation).to.include({ alreadyCreated: true, notice: 'alerts.userExists' });
      expect(state().intl.messages['alerts.userExists']).to.equal('A user with this e-mail address already exists.');

      const failing = sinon.stub().rejects(new ApiNotificationError('boom', 'X', 500));
      const second = await run(
        createEmailAlert,
        serp(),
        { api: { notifications: { createEmailSubscription: failing } } },
        emailAlertRequested('a@example.org', true),
      );
      expect(second.state().alerts.creation).to.include({ alreadyCreated: false, error: 'alerts.error' });
      expect(second.state().intl.messages['alerts.error']).to.equal('An error has occurred.');
    });

    it('keeps the token create_user hands out in the notification-manager cookie', async () => {
      const env = fakeEnv();
      const createUser = sinon.stub().resolves({ data: { id: 'u1', attributes: { token: 't'.repeat(43) } } });
      await run(
        createEmailAlert,
        serp(),
        { api: { notifications: { createEmailSubscription: sinon.stub().resolves({}), createUser } }, alertsEnv: env },
        emailAlertRequested('a@example.org', true, true),
      );
      expect(createUser.firstCall.args).to.deep.equal(['a@example.org', { terceros: true }]);
      expect(env.cookies.get('trawl_nm')).to.equal(
        encodeCredentials({ email: 'a@example.org', userControlToken: 't'.repeat(43) }),
      );
    });

    it('refuses a search the validity rule refuses, and jobs from alert e-mails in es', async () => {
      const create = sinon.stub();
      const short = stateOn('homes.uk.localhost', 'serp_search', '', { what: 'f' });
      const a = await run(
        createEmailAlert,
        short,
        { api: { notifications: { createEmailSubscription: create } } },
        emailAlertRequested('a@example.org', true),
      );
      expect(a.state().alerts.creation.error).to.equal('alerts.invalidSearch');
      const jobs = stateOn('jobs.es.localhost', 'serp_search', '?origin=20', { what: 'enfermera' });
      const b = await run(
        createEmailAlert,
        jobs,
        { api: { notifications: { createEmailSubscription: create } } },
        emailAlertRequested('a@example.org', true),
      );
      expect(b.state().alerts.creation.error).to.equal('alerts.notOffered');
      expect(create.called).to.equal(false);
    });
  });

  describe('web push', () => {
    const serp = () => stateOn('homes.uk.localhost', 'serp_search', '', { what: 'flat', where: 'London' });

    it('subscribes with the VAPID key, reuses the id a 409 names, saves the search and stores the id', async () => {
      const env = fakeEnv();
      const subscribe = sinon.spy(env.push, 'subscribe');
      const api = {
        notifications: {
          vapidPublicKey: sinon.stub().resolves({ data: { attributes: { public_key: 'BKEY' } } }),
          createPushSubscription: sinon
            .stub()
            .rejects(conflict(`A subscription for this endpoint already exists:${SUB_ID}`)),
          addPushSearch: sinon.stub().resolves({ data: resource('s1') }),
        },
      };
      const { state, tracked } = await run(createPushAlert, serp(), { api, alertsEnv: env }, pushAlertRequested(199));
      expect(tracked).to.deep.equal([
        '/notification/browser/permissions request',
        '/notification/browser/permissions allow',
      ]);
      expect(subscribe.firstCall.args[0]).to.equal('BKEY');
      expect(api.notifications.createPushSubscription.firstCall.args[0]).to.include({
        device_id: 2,
        browser_id: 2,
        country_code: 'uk',
        vertical_id: 1,
      });
      expect(api.notifications.addPushSearch.firstCall.args.slice(0, 2)).to.deep.equal([
        SUB_ID,
        { country_code: 'uk', vertical_id: 1 },
      ]);
      expect(api.notifications.addPushSearch.firstCall.args[3]).to.include({ section_id: 199 });
      expect(env.stored.get(PUSH_STORAGE_KEY)).to.equal(SUB_ID);
      expect(state().notifications.subscriptionId).to.equal(SUB_ID);
      expect(state().alerts.creation).to.include({ alreadyCreated: true, channel: 'push' });
      // Accepting sets the banner counter to 3 and allows push.
      expect(env.cookies.get('trawl_push_banner')).to.equal('3');
      expect(env.cookies.has('trawl_push_disallowed')).to.equal(false);
    });

    it('resets a stored subscription the service no longer knows (404) and marks it expired before making a new one', async () => {
      const env = fakeEnv();
      env.stored.set(PUSH_STORAGE_KEY, 'f'.repeat(32));
      const api = {
        notifications: {
          vapidPublicKey: sinon.stub().resolves({ data: { attributes: { public_key: 'BKEY' } } }),
          getPushSubscription: sinon.stub().rejects(new ApiNotificationError('gone', 'SUBSCRIPTION_NOT_FOUND', 404)),
          createPushSubscription: sinon.stub().resolves({ data: { id: SUB_ID } }),
        },
      };
      const { result, actions } = await run<string>(ensurePushSubscription, serp(), { api, alertsEnv: env });
      expect(result).to.equal(SUB_ID);
      expect(
        actions.some((a) => a.type === 'notifications/pushSubscriptionSet' && (a as { expired?: boolean }).expired),
      ).to.equal(true);
      expect(env.stored.get(PUSH_STORAGE_KEY)).to.equal(SUB_ID);
    });

    it('counts a refused permission as blocked: counter 100 and push disallowed', async () => {
      const env = fakeEnv({ answer: 'denied' });
      const { state, tracked } = await run(createPushAlert, serp(), { alertsEnv: env }, pushAlertRequested(92));
      // Allowed in Trawl's banner (section 92), then refused in the browser's prompt.
      expect(tracked).to.deep.equal([
        '/notification/browser/permissions custom_allow',
        '/notification/browser/permissions request',
        '/notification/browser/permissions disallow',
      ]);
      expect(state().alerts.creation.error).to.equal('alerts.push.denied');
      // A browser that said no before asks nothing: its answer is automatic.
      const before = await run(
        createPushAlert,
        serp(),
        { alertsEnv: fakeEnv({ permission: 'denied', answer: 'denied' }) },
        pushAlertRequested(199),
      );
      expect(before.tracked).to.deep.equal(['/notification/browser/permissions auto_disallow']);
      expect(env.cookies.get('trawl_push_banner')).to.equal('100');
      expect(env.cookies.get('trawl_push_disallowed')).to.equal('1');
    });
  });

  describe('the push permission banner', () => {
    it('writes each dismissal to the cookie and disallows push for 7 days at the third', async () => {
      const env = fakeEnv({ cookies: { trawl_push_banner: '2' } });
      let state = stateOn('homes.uk.localhost');
      state = rootReducer(
        state as never,
        { type: 'alerts/bannerCounterLoaded', counter: 2 } as never,
      ) as unknown as RootState;
      const { state: after, tracked } = await run(onBannerEvent, state, { alertsEnv: env }, bannerEvent('dismiss'));
      expect(tracked).to.deep.equal(['/notification/browser/permissions custom_close']);
      expect(env.cookies.get('trawl_push_banner')).to.equal('3');
      expect(env.cookies.get('trawl_push_disallowed')).to.equal('1');
      expect(after().alerts.banner).to.deep.equal({ counter: 3, visible: false });
      expect(after().notifications.isPushDismissed).to.equal(true);
    });

    it('on an alert landing hides the download-app banner and sets the counter to 100', async () => {
      const env = fakeEnv();
      const state = stateOn('homes.uk.localhost', 'serp_search', '?alertLanding=1', { what: 'flat' });
      expect(state.alerts.downloadAppBannerHidden).to.equal(true);
      const { state: after } = await run(onUiMounted, state, { alertsEnv: env });
      expect(env.cookies.get('trawl_push_banner')).to.equal('100');
      expect(after().alerts.banner.counter).to.equal(100);
    });

    it('is not shown once the counter is at 3, nor when push is disallowed', async () => {
      for (const cookies of [{ trawl_push_banner: '3' }, { trawl_push_disallowed: '1' }] as Record<string, string>[]) {
        const env = fakeEnv({ cookies });
        const { actions } = await run(onUiMounted, stateOn('homes.uk.localhost', 'serp_search', '', { what: 'flat' }), {
          alertsEnv: env,
        });
        expect(actions.filter((a) => a.type === 'alerts/bannerShown')).to.deep.equal([]);
      }
    });
  });

  describe('the notifications manager', () => {
    it('switches an alert to weekly at once and says "Alert updated" when the service agrees', async () => {
      const emailOperation = sinon.stub().resolves({});
      const { state } = await run(
        changeEmailAlert,
        managerState([alert('a1'), alert('a2')]),
        { api: { notifications: { emailOperation } } },
        'a1',
        'weekly',
      );
      expect(emailOperation.firstCall.args).to.deep.equal([USER.email, USER.userControlToken, 'a1', 'weekly']);
      expect(state().notifications.emailAlerts.map((a) => a.frequency)).to.deep.equal(['weekly', 'daily']);
      expect(state().notifications.snackbar).to.include({ kind: 'success', message: 'alerts.updated' });
      expect(state().intl.messages['alerts.updated']).to.equal('Alert updated');
    });

    it('applies a change before the call and rolls back to the previous list with an error snackbar when it fails', async () => {
      let latest: RootState | undefined;
      let seenDuringCall: string[] = [];
      const emailOperation = sinon.stub().callsFake(async () => {
        seenDuringCall = latest!.notifications.emailAlerts.map((a) => a.id);
        throw new ApiNotificationError('down', 'X', 503);
      });
      const start = managerState([alert('a1'), alert('a2')]);
      const { state, actions } = await run(
        changeEmailAlert,
        start,
        { api: { notifications: { emailOperation } }, onDispatch: (_a, s) => (latest = s) },
        'a1',
        'delete',
      );
      expect(actions.map((a) => a.type)).to.deep.equal([
        'notifications/emailAlertsReplaced',
        'notifications/emailAlertsReplaced',
        'notifications/snackbarShown',
      ]);
      expect((actions[0] as { alerts: AlertItem[] }).alerts.map((a) => a.id)).to.deep.equal(['a2']);
      expect(state().notifications.emailAlerts.map((a) => a.id)).to.deep.equal(['a1', 'a2']);
      expect(state().notifications.snackbar).to.include({ kind: 'error', message: 'alerts.error' });
      // The list the visitor saw while the call was out: the change already applied.
      expect(seenDuringCall).to.deep.equal(['a2']);
    });

    it('says "Alert deactivated" when an alert is turned off', async () => {
      const emailOperation = sinon.stub().resolves({});
      const { state, tracked } = await run(
        changeEmailAlert,
        managerState([alert('a1')]),
        { api: { notifications: { emailOperation } } },
        'a1',
        'disabled',
      );
      expect(tracked).to.deep.equal(['/notification/email/events unsubscribed_search']);
      expect(state().notifications.emailAlerts[0]!.active).to.equal(false);
      expect(state().notifications.snackbar).to.include({ message: 'alerts.deactivated' });
      expect(state().intl.messages['alerts.deactivated']).to.equal('Alert deactivated');
    });

    it('rolls a newsletter toggle back when the call fails', async () => {
      const newsletter = sinon.stub().rejects(new ApiNotificationError('no', 'X', 500));
      const { state, actions } = await run(
        changeNewsletter,
        managerState([]),
        { api: { notifications: { newsletter } } },
        newsletterRequested('terceros', true),
      );
      expect((actions[0] as { newsletters: { terceros: { active: boolean } } }).newsletters.terceros.active).to.equal(
        true,
      );
      expect(state().notifications.newsletters.terceros.active).to.equal(false);
      expect(state().notifications.snackbar?.kind).to.equal('error');
    });

    it('resolves the act link of an e-mail on the server and loads the list, the linked alert first', async () => {
      const resolveAct = sinon
        .stub()
        .resolves({ data: { attributes: { search_id: 'a2', email: USER.email, uct: USER.userControlToken } } });
      const listEmailAlerts = sinon.stub().resolves({
        data: [resource('a1'), resource('a2')],
        meta: {
          newsletters: { terceros: { active: false, changed: false }, partners: { active: false, changed: false } },
        },
      });
      const { result, state } = await run<{ status: number; head: { noindex: boolean } }>(
        loadEmailManager,
        stateOn('homes.uk.localhost', 'notifications_email'),
        { api: { notifications: { resolveAct, listEmailAlerts } } },
        { act: 'token' },
      );
      expect(resolveAct.firstCall.args).to.deep.equal(['token', 'uk', 1]);
      expect(listEmailAlerts.firstCall.args).to.deep.equal([USER.email, USER.userControlToken, { country_code: 'uk' }]);
      expect(result.status).to.equal(200);
      expect(result.head.noindex).to.equal(true);
      expect(state().notifications.emailAlerts.map((a) => a.id)).to.deep.equal(['a2', 'a1']);
    });

    it('shows a bad act link as such, and reads the notification-manager cookie when there is no link', async () => {
      const resolveAct = sinon
        .stub()
        .rejects(new ApiNotificationError('This link has expired.', 'ACT_TOKEN_EXPIRED', 403));
      const bad = await run(
        loadEmailManager,
        stateOn('homes.uk.localhost', 'notifications_email'),
        { api: { notifications: { resolveAct } } },
        { act: 'old' },
      );
      expect(bad.state().notifications.emailStatus).to.equal('expiredLink');

      const listEmailAlerts = sinon.stub().resolves({
        data: [],
        meta: {
          newsletters: { terceros: { active: false, changed: false }, partners: { active: false, changed: false } },
        },
      });
      const fromCookie = await run(
        loadEmailManager,
        stateOn('homes.uk.localhost', 'notifications_email'),
        { api: { notifications: { listEmailAlerts } }, requestCookies: { trawl_nm: encodeCredentials(USER) } },
        {},
      );
      expect(fromCookie.state().notifications.user).to.deep.equal(USER);
      expect(fromCookie.state().notifications.emailStatus).to.equal('loaded');
    });

    it('in the browser, loads the e-mail area from the cookie, and says so when there is none', async () => {
      const listEmailAlerts = sinon.stub().resolves({
        data: [resource('a1')],
        meta: {
          newsletters: { terceros: { active: false, changed: false }, partners: { active: false, changed: false } },
        },
      });
      const env = fakeEnv({ cookies: { trawl_nm: encodeCredentials(USER) } });
      const a = await run(
        onClientLoad,
        stateOn('homes.uk.localhost', 'notifications_email'),
        { api: { notifications: { listEmailAlerts } }, alertsEnv: env },
        clientLoadRequested('email'),
      );
      expect(a.state().notifications.emailAlerts).to.have.length(1);
      const b = await run(
        onClientLoad,
        stateOn('homes.uk.localhost', 'notifications_email'),
        { alertsEnv: fakeEnv() },
        clientLoadRequested('email'),
      );
      expect(b.state().notifications.emailStatus).to.equal('noCredentials');
    });

    it("lists the country's browser searches, and operates on one with its site and the app version (spec §7)", async () => {
      const env = fakeEnv();
      env.stored.set(PUSH_STORAGE_KEY, SUB_ID);
      const listPushSearches = sinon.stub().resolves({ data: [] });
      await run(
        loadPushManager,
        stateOn('homes.uk.localhost', 'notifications_push'),
        { api: { notifications: { listPushSearches } }, alertsEnv: env },
        {},
      );
      expect(listPushSearches.firstCall.args).to.deep.equal([SUB_ID, { country_code: 'uk' }]);
      const sent: { url: string; query: unknown }[] = [];
      const http: HttpClient = {
        request: async <T>(_name: string, url: string, options: { query?: unknown }) => {
          sent.push({ url, query: options.query });
          return { data: [] } as T;
        },
      };
      const api = createNotificationsApi(http, '/api');
      await api.listPushSearches(SUB_ID, { country_code: 'uk' });
      await api.pushOperation(SUB_ID, 's1', 'disabled', { country_code: 'uk', vertical_id: 1 });
      expect(sent).to.deep.equal([
        {
          url: `/api/notifications/browser/all_subscription/${SUB_ID}`,
          query: { country_code: 'uk', vertical_id: undefined },
        },
        {
          url: `/api/notifications/browser/subscription/${SUB_ID}/searches/s1/operation/disabled`,
          query: { country_code: 'uk', vertical_id: 1, vv: APP_VERSION },
        },
      ]);
    });

    it('marks a browser subscription the service answers 404 for as reset and expired', async () => {
      const env = fakeEnv();
      env.stored.set(PUSH_STORAGE_KEY, SUB_ID);
      const listPushSearches = sinon.stub().rejects(new ApiNotificationError('gone', 'SUBSCRIPTION_NOT_FOUND', 404));
      const { state } = await run(
        loadPushManager,
        stateOn('homes.uk.localhost', 'notifications_push'),
        { api: { notifications: { listPushSearches } }, alertsEnv: env },
        {},
      );
      expect(state().notifications).to.include({ subscriptionId: null, isExpired: true, pushStatus: 'invalidLink' });
      expect(env.stored.has(PUSH_STORAGE_KEY)).to.equal(false);
    });
  });
});
