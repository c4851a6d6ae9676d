import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { goesToAdPage } from '../shared/domain/ad';
import { RELATED_ADS_POPUP_SHOWN } from '../shared/domain/constants';
import { clickoutRequested, relatedModalClosed } from '../state/clickout';
import type { RootState } from '../state/store';
import { AdCard } from './AdCard';
import { Modal } from './Modal';
import { holdPopupEntry, popupEntryOnTop } from './popupHistory';
import { useBuildPath } from './RoutesContext';

/**
 * The intermediate popup of a first visit to an ad (spec §4): the ad, a
 * button on to its source, and the first 2 related ads. It has a history
 * entry of its own: Back closes it (decision 078), and any navigation does.
 */
export function RelatedAdsModal() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const buildPath = useBuildPath();
  const navigate = useNavigate();
  const modal = useSelector((state: RootState) => state.clickout.relatedModal);
  const onClose = useCallback(() => dispatch(relatedModalClosed()), [dispatch]);
  // Back closes the popup and stays on the page under it (decision 078).
  const isOpen = modal.open && modal.ad !== null;
  useEffect(() => (isOpen ? holdPopupEntry(onClose) : undefined), [isOpen, onClose]);
  if (!modal.open || !modal.ad) return null;
  const ad = modal.ad;
  const a = ad.attributes;
  const goOn = () => {
    dispatch(relatedModalClosed());
    // Ads whose source takes contact through our form go on to our ad page; the others out to the source.
    if (goesToAdPage(ad)) {
      // The ad page takes the popup's history entry: Back from it returns to the results.
      navigate(buildPath('adpage', { id: ad.id }), { replace: popupEntryOnTop() });
      return;
    }
    dispatch(
      clickoutRequested({
        ad,
        sectionId: modal.sectionId,
        sectionTypeId: a.section_type_id,
        position: modal.position,
        href: buildPath('clickout', { id: ad.id }),
      }),
    );
  };
  return (
    <Modal title={a.title} onClose={onClose}>
      {a.vertical_properties.price && <p className="ad-card__price">{a.vertical_properties.price.valueFormatted}</p>}
      <div className="modal__actions">
        <button type="button" className="button button--primary" onClick={goOn} data-autofocus>
          {goesToAdPage(ad)
            ? intl.formatMessage({ id: 'clickout.seeAd' })
            : intl.formatMessage({ id: 'ad.goToAd' }, { source: a.source.name ?? '' })}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {intl.formatMessage({ id: 'modal.close' })}
        </button>
      </div>
      {modal.related.length > 0 && (
        <>
          <h3>{intl.formatMessage({ id: 'ad.related' })}</h3>
          <ol className="ad-list ad-list--popup">
            {modal.related.slice(0, RELATED_ADS_POPUP_SHOWN).map((r) => (
              <li key={r.id}>
                {/* Each in its own section: a duplicate of the ad 149 or 157, a similar ad 190. */}
                <AdCard ad={r} headingLevel={4} />
              </li>
            ))}
          </ol>
        </>
      )}
    </Modal>
  );
}
