import { useEffect, useRef, type MouseEvent } from 'react';
import { useDispatch } from 'react-redux';
import { goesToAdPage, type ListingAd } from '../shared/domain/ad';
import { adClicked } from '../state/clickout';
import { adSeen } from '../state/tracking';
import { useBuildPath } from './RoutesContext';

/**
 * What an ad in a list does: its link (our ad page, or /out/:id, which
 * records the click without JavaScript), its click (the saga's flow, spec §4),
 * and its impression once half of it has been on screen.
 */
export function useAdInteractions(ad: ListingAd, sectionOverride?: number) {
  const dispatch = useDispatch();
  const buildPath = useBuildPath();
  const ref = useRef<HTMLElement | null>(null);
  const a = ad.attributes;
  const sectionId = sectionOverride ?? a.section_id;
  const href = goesToAdPage(ad)
    ? buildPath('adpage', { id: ad.id })
    : buildPath('clickout', { id: ad.id, section: sectionId, section_type: a.section_type_id, position: a.position });

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        dispatch(
          adSeen({
            id: ad.id,
            sourceId: a.source.id,
            position: a.position,
            sectionId,
            sectionTypeId: a.section_type_id,
          }),
        );
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [dispatch, ad.id, a.source.id, a.position, a.section_type_id, sectionId]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window is the visitor's choice: let the link do it.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(adClicked({ ad, sectionId, sectionTypeId: a.section_type_id, position: a.position, href }));
  };

  return { ref, href, onClick };
}
