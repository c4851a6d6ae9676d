import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { FEATURED_SECTION_ID } from '../../sagas/featuredAdSaga';
import { featuredAdRequested } from '../../state/featuredAd';
import type { RootState } from '../../state/store';
import { AdCard } from '../AdCard';

/**
 * The featured (premium) ad of a vertical home (product-spec §4), asked
 * for in the browser once the page is up. Its space is reserved by the
 * server-rendered box, and released only when there is no ad to show.
 */
export function FeaturedAd() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const titleId = useId();
  const { data, isExpired } = useSelector((state: RootState) => state.featuredAd);
  useEffect(() => {
    dispatch(featuredAdRequested());
  }, [dispatch]);
  return (
    <div className={isExpired ? 'featured-ad featured-ad--expired' : 'featured-ad'} data-featured-ad="">
      {data && (
        <section aria-labelledby={titleId}>
          <h2 id={titleId} className="featured-ad__title">
            {intl.formatMessage({ id: 'chrome.featured.title' })}
          </h2>
          <AdCard ad={data} sectionId={FEATURED_SECTION_ID} />
        </section>
      )}
    </div>
  );
}
