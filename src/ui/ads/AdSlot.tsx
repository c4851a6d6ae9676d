import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { adSlotElementId, adSlotFor } from '../../../config/adSlots';
import { adSlotDestroyed, adSlotRegistered } from '../../state/adSlots';
import type { RootState } from '../../state/store';

/**
 * A display ad slot (product-spec §3 "Ad slot"): a container with its space
 * reserved by CSS class, registered with the store while mounted (the ad
 * slots saga defines, displays, refreshes and destroys it). Nothing at all
 * when the site has no ad network or no such slot.
 */
export function AdSlot({ id }: { id: string }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const network = useSelector((state: RootState) => state.adSlots.network);
  const site = useSelector((state: RootState) => state.app.site);
  const config = network ? adSlotFor(id, site.country, site.target) : undefined;
  const hasSlot = config !== undefined;
  useEffect(() => {
    if (!hasSlot) return undefined;
    dispatch(adSlotRegistered(id));
    return () => {
      dispatch(adSlotDestroyed(id));
    };
  }, [hasSlot, id, dispatch]);
  if (!config) return null;
  const className = config.renderOutOfThePage ? 'ad-slot ad-slot--oop' : `ad-slot ad-slot--${config.slotId}`;
  return (
    <aside className={className} aria-label={intl.formatMessage({ id: 'chrome.ad.label' })} data-slot-id={id}>
      <div id={adSlotElementId(config.slotId)} className="ad-slot__frame" />
    </aside>
  );
}
