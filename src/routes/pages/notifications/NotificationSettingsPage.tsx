import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { BANNER_COOKIE, PUSH_DISALLOWED_COOKIE } from '../../../shared/domain/alertRules';
import { bannerCounterLoaded } from '../../../state/alerts';
import { disableAllPushRequested } from '../../../state/notifications';
import type { RootState } from '../../../state/store';
import { browserEnvironment, browserPushClient, type PushPermission } from '../../../ui/alerts/alertsEnvironment';
import { Snackbar } from '../../../ui/alerts/Snackbar';
import { NotificationsNav } from './NotificationsNav';

/**
 * Notifications manager, settings area (the spec shows its bundle, not its
 * content; decided in docs/decisions/035-alerts-ui.md): how e-mail alerts
 * arrive, this browser's notification permission, turning every browser
 * alert off, and letting the permission banner ask again.
 */
export function NotificationSettingsPage() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const title = useSelector((state: RootState) => state.page.head.title);
  const subscriptionId = useSelector((state: RootState) => state.notifications.subscriptionId);
  const counter = useSelector((state: RootState) => state.alerts.banner.counter);
  // Known only in the browser; the line keeps its place until then.
  const [permission, setPermission] = useState<PushPermission | null>(null);
  const [askedAgain, setAskedAgain] = useState(false);

  useEffect(() => {
    setPermission(browserPushClient.permission());
  }, []);

  function askAgain() {
    browserEnvironment.setCookie(BANNER_COOKIE.name, '0', BANNER_COOKIE.maxAgeDays);
    browserEnvironment.removeCookie(PUSH_DISALLOWED_COOKIE.name);
    dispatch(bannerCounterLoaded(0));
    setAskedAgain(true);
  }

  return (
    <section className="nm">
      <h1>{title.replace(/ \| Trawl$/, '')}</h1>
      <NotificationsNav current="notifications_settings" />
      <h2>{intl.formatMessage({ id: 'nm.settings.heading' })}</h2>
      <p>{intl.formatMessage({ id: 'nm.settings.email' })}</p>
      <p className="nm-permission">
        {permission ? intl.formatMessage({ id: `nm.settings.permission.${permission}` }) : '\u00a0'}
      </p>
      <div className="nm-alert__controls">
        {subscriptionId && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch(disableAllPushRequested())}
          >
            {intl.formatMessage({ id: 'nm.settings.disableAllPush' })}
          </button>
        )}
        {permission === 'default' && !askedAgain && (
          <button type="button" className="button button--secondary" onClick={askAgain} data-counter={counter}>
            {intl.formatMessage({ id: 'nm.settings.askAgain' })}
          </button>
        )}
      </div>
      <Snackbar />
    </section>
  );
}
