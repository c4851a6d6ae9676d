import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { ALERT_SECTIONS } from '../../shared/domain/alertRules';
import { bannerEvent, bannerShown, pushAlertRequested } from '../../state/alerts';
import { bottomBannerOf } from '../../state/banners';
import type { RootState } from '../../state/store';

/**
 * The push permission banner: an overlay fixed to the bottom of the
 * viewport (it moves nothing when it appears). Allow asks the browser and
 * saves this search as a browser alert; Not now counts a dismissal.
 */
export function PushPermissionBanner() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const visible = useSelector((state: RootState) => bottomBannerOf(state) === 'push');
  if (!visible) return null;
  return (
    <section className="push-banner" aria-label={intl.formatMessage({ id: 'alerts.banner.label' })}>
      <p className="push-banner__text">{intl.formatMessage({ id: 'alerts.banner.text' })}</p>
      <div className="push-banner__actions">
        <button type="button" className="button button--secondary" onClick={() => dispatch(bannerEvent('dismiss'))}>
          {intl.formatMessage({ id: 'alerts.banner.dismiss' })}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            dispatch(bannerShown(false));
            dispatch(pushAlertRequested(ALERT_SECTIONS.permissionBanner));
          }}
        >
          {intl.formatMessage({ id: 'alerts.banner.allow' })}
        </button>
      </div>
    </section>
  );
}
