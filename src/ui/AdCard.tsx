import { useState } from 'react';
import { useIntl } from 'react-intl';
import { placeSeparator } from '../../config/locales';
import { useSelector } from 'react-redux';
import { priceDropped, type ListingAd } from '../shared/domain/ad';
import type { RootState } from '../state/store';
import { PartnerPicture } from './PartnerPicture';
import { TimeAgo } from './TimeAgo';
import { useAdInteractions } from './useAdInteractions';
import { plainMessage } from './plainMessage';

/** Where an ad is: city area, city and region, at most two of them, joined as the locale's language writes it. */
export function placeOf(ad: ListingAd, locale: string): string {
  const { cityArea, city, region } = ad.attributes.location;
  return [cityArea, city, region]
    .filter((p): p is string => Boolean(p))
    .filter((p, i, all) => all.indexOf(p) === i)
    .slice(0, 2)
    .join(placeSeparator(locale));
}

/** One ad in a list: picture, title, price (and the old one when it dropped), place, age, source, badges. */
export function AdCard({
  ad,
  eager = false,
  sectionId,
  headingLevel = 2,
}: {
  ad: ListingAd;
  eager?: boolean;
  sectionId?: number;
  /** The card title's heading level, so headings stay in order on every page. */
  headingLevel?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4';
  const intl = useIntl();
  const { ref, href, onClick } = useAdInteractions(ad, sectionId);
  const basePath = useSelector((state: RootState) => state.app.site.basePath);
  const target = useSelector((state: RootState) => state.app.site.target);
  const a = ad.attributes;
  const price = a.vertical_properties.price;
  const image = a.vertical_properties.images[0];
  // The picture its partner's host would not give: the card shows what one without a picture shows.
  const [failed, setFailed] = useState<string>();
  const dropped = priceDropped(price, target);
  return (
    <article ref={ref} className={a.premium ? 'ad-card ad-card--premium' : 'ad-card'} data-ad-id={ad.id}>
      <div className="ad-card__media">
        {image && failed !== image ? (
          <PartnerPicture
            src={image}
            alt=""
            width={320}
            height={240}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onFail={() => setFailed(image)}
          />
        ) : (
          <div className="ad-card__no-image" aria-hidden="true" />
        )}
      </div>
      <div className="ad-card__body">
        {/* A partner's own text: its direction is its own (an English ad on an Arabic site). */}
        <Heading className="ad-card__title" dir="auto">
          <a href={`${basePath}${href}`} onClick={onClick} rel={href.startsWith('/out/') ? 'nofollow' : undefined}>
            {a.title}
          </a>
        </Heading>
        {price && (
          <p className="ad-card__price">
            <strong>{price.valueFormatted}</strong>
            {dropped && (
              <>
                {' '}
                <del aria-label={intl.formatMessage({ id: 'ad.oldPrice' }, { price: price.oldValueFormatted })}>
                  {price.oldValueFormatted}
                </del>
              </>
            )}
          </p>
        )}
        <p className="ad-card__meta">
          {placeOf(ad, intl.locale) && <span>{placeOf(ad, intl.locale)}</span>}
          <TimeAgo seconds={a.timeAgoSeconds} date={a.date} />
          {a.source.name && <span>{a.source.name}</span>}
        </p>
        <ul className="ad-card__badges">
          {a.premium && <li className="badge badge--premium">{plainMessage(intl, 'ad.badge.premium')}</li>}
          {a.fresh && <li className="badge badge--new">{plainMessage(intl, 'ad.badge.new')}</li>}
          {dropped && <li className="badge badge--drop">{plainMessage(intl, 'ad.badge.priceDrop')}</li>}
          {a.totalSources > 1 && (
            <li className="badge">{intl.formatMessage({ id: 'ad.badge.sources' }, { count: a.totalSources })}</li>
          )}
        </ul>
      </div>
    </article>
  );
}
