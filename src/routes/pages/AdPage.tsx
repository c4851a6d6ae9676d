import { useState, type FormEvent, type MouseEvent } from 'react';
import { useIntl, type FormatNumberOptions } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { priceDropped, type Ad } from '../../shared/domain/ad';
import type { MessageId } from '../../shared/i18n/messages';
import { startWithChunk } from '../chunkSagas';
import { watchApply } from '../../sagas/applySaga';
import { applySent } from '../../state/adPage';
import { clickoutRequested } from '../../state/clickout';
import { useBuildPath } from '../../ui/RoutesContext';
import type { RootState } from '../../state/store';
import { AdCard, placeOf } from '../../ui/AdCard';
import { AdSlot } from '../../ui/ads/AdSlot';
import { PartnerPicture } from '../../ui/PartnerPicture';
import { TimeAgo } from '../../ui/TimeAgo';
import { DUPLICATE_SECTIONS } from '../../shared/domain/constants';
import { isEmailAddress } from '../../shared/domain/email';
import { isPhoneNumber, PHONE_MAX_LENGTH } from '../../shared/domain/phone';
import { fromMetric, fuelConsumptionOf, fuelMeasureOf, type Measure, type Units } from '../../shared/domain/units';
import type { Site } from '../../../config/sites';

// The contact form's sending comes with the ad page that has the form, not with every page.
startWithChunk(watchApply);

/** Facts shown per vertical: the ad's field and its label. */
const FACTS: Record<string, Array<[string, MessageId]>> = {
  homes: [
    ['typeLabel', 'facts.dealType'],
    ['propertyTypeLabel', 'facts.propertyType'],
    ['rooms', 'facts.rooms'],
    ['bathrooms', 'facts.bathrooms'],
    ['floorArea', 'facts.floorArea'],
    ['year', 'facts.year'],
    ['conditionLabel', 'facts.condition'],
    ['floorNumber', 'facts.floor'],
    ['plotArea', 'facts.plotArea'],
    // Features named as their filters name them.
    ['parking', 'filters.parking'],
    ['newBuilding', 'filters.newBuild'],
    ['furnished', 'facts.furnished'],
    ['orientation', 'facts.orientation'],
    ['byOwner', 'facts.byOwner'],
    ['rentToOwn', 'facts.rentToOwn'],
    ['foreclosure', 'facts.foreclosure'],
  ],
  cars: [
    ['make', 'facts.make'],
    ['model', 'facts.model'],
    // A car's year is its year of manufacture, as its filter names it (a home's is the year it was built).
    ['year', 'filters.year'],
    ['mileage', 'facts.mileage'],
    ['fuelLabel', 'facts.fuel'],
    ['transmissionLabel', 'facts.transmission'],
    ['gears', 'facts.gears'],
    ['typeLabel', 'facts.carType'],
    ['doors', 'facts.doors'],
    ['color', 'facts.color'],
    ['sizeEngine', 'facts.engine'],
    ['power', 'facts.power'],
    ['seats', 'facts.seats'],
    ['co2Emissions', 'facts.co2'],
    ['fuelConsumption', 'facts.fuelConsumption'],
    ['guarantee', 'facts.warranty'],
  ],
  jobs: [
    ['company', 'facts.company'],
    ['categoryLabel', 'facts.category'],
    ['jobTypeLabel', 'facts.jobType'],
    ['workingHoursLabel', 'facts.workingHours'],
    ['salary', 'facts.salary'],
    ['experience', 'facts.experience'],
    ['studies', 'facts.studies'],
    ['requirements', 'facts.requirements'],
    ['telecommute', 'filters.telecommute'],
  ],
  products: [['categoryLabel', 'facts.category']],
};

/**
 * Facts shown in the partner's words where the feed gave more than the figure: a salary's range or
 * period ("£45,000 - £55,000 per year"), which its yearly lower bound alone would misreport.
 */
const AS_WRITTEN: Readonly<Record<string, string>> = { salary: 'salaryText' };

/**
 * Facts measured in a unit, as the store keeps them (kilometres, square metres: a feed's miles and
 * square feet are converted on import), shown in the site's (decision 082).
 */
const MEASURED_FACTS: Readonly<Record<string, Measure>> = {
  mileage: 'distance',
  floorArea: 'area',
  plotArea: 'area',
};

/** Facts written with their unit or form, on a metric and on an imperial site. */
const FACT_FORMATS: Readonly<Record<Units, Readonly<Record<string, FormatNumberOptions>>>> = {
  metric: { mileage: { style: 'unit', unit: 'kilometer', unitDisplay: 'short' } },
  imperial: { mileage: { style: 'unit', unit: 'mile', unitDisplay: 'short' } },
};

// A year is a number without grouping ("2021", not "2,021"), in the site's digits ("٢٠٢١").
const YEAR_FORMAT: FormatNumberOptions = { useGrouping: false };

/** A salary in its ad's currency, written as the header writes the ad's price ("$38,000", "57.000 €"). */
const moneyFormat = (currency: string): FormatNumberOptions => ({
  style: 'currency',
  currency,
  maximumFractionDigits: 0,
});

// A fuel consumption to a tenth of a litre ("5,4") or of a kilometre per litre ("18,5"); miles per gallon
// are whole (`fuelConsumptionOf`).
const CONSUMPTION_FORMAT: FormatNumberOptions = { maximumFractionDigits: 1 };

/** The homes deal type that is a foreclosure ("Unlisted foreclosure"): its type says so already. */
const FORECLOSURE_TYPE = 18;

const capitalized = (text: string, locale: string): string => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

function Facts({ ad, site, currency }: { ad: Ad; site: Site; currency: string }) {
  const intl = useIntl();
  const { units } = site;
  // What the labels are given: the site's units, and how its visitors read a fuel consumption.
  const labelValues = { units, fuel: fuelMeasureOf(units, site.country) };
  const props = ad.attributes.vertical_properties;
  const valueOf = (key: string): unknown => {
    const written = AS_WRITTEN[key];
    return (written && props[written]) || props[key];
  };
  // A feature is listed when the ad has it: `false` is also what a feed that says nothing gives. No
  // fuel consumption is listed for a car that burns none (an electric one's fuel says so), and no
  // foreclosure for a home whose type already says it is one.
  const rows = (FACTS[site.target] ?? []).filter(([key]) => {
    const value = valueOf(key);
    return (
      value !== undefined &&
      value !== null &&
      value !== '' &&
      value !== false &&
      !(key === 'fuelConsumption' && value === 0) &&
      !(key === 'foreclosure' && props.typeId === FORECLOSURE_TYPE)
    );
  });
  if (rows.length === 0) return null;
  const text = (key: string, value: unknown): string => {
    if (value === true) return intl.formatMessage({ id: 'facts.yes' });
    // The partner's words, stored folded to lower case ("sur", "south-east"), begin as a fact does.
    if (typeof value === 'string') return key === 'orientation' ? capitalized(value, intl.locale) : value;
    if (typeof value !== 'number') return String(value);
    // The salary in its own currency, as the header's price ("US$60,000" on a British site), not the
    // site's figure the filters compare (`salary`).
    if (key === 'salary') return intl.formatNumber(props.price?.value ?? value, moneyFormat(currency));
    if (key === 'fuelConsumption') {
      return intl.formatNumber(fuelConsumptionOf(value, units, site.country), CONSUMPTION_FORMAT);
    }
    const measure = MEASURED_FACTS[key];
    const n = measure ? fromMetric(measure, value, units) : value;
    return intl.formatNumber(n, key === 'year' ? YEAR_FORMAT : FACT_FORMATS[units][key]);
  };
  return (
    <dl className="facts">
      {rows.map(([key, label]) => (
        <div key={key}>
          <dt>{intl.formatMessage({ id: label }, labelValues)}</dt>
          <dd>{text(key, valueOf(key))}</dd>
        </div>
      ))}
    </dl>
  );
}

type ApplyField = 'name' | 'email' | 'phone' | 'message';

/**
 * The field the sources service refused, from its error ("/data/attributes/user/phone: phone must
 * be a phone number"), or null when it refused the lead for another reason.
 */
function refusedField(applyError: string | null): ApplyField | null {
  const field = applyError?.match(/\/data\/attributes\/user\/(name|email|phone|message)\b/)?.[1];
  return (field as ApplyField | undefined) ?? null;
}

/** What the form says of a field it or the service refused, in the site's language. */
function fieldError(intl: ReturnType<typeof useIntl>, field: ApplyField): string {
  if (field === 'email') return intl.formatMessage({ id: 'apply.invalidEmail' });
  if (field === 'phone') return intl.formatMessage({ id: 'apply.invalidPhone' });
  return intl.formatMessage(
    { id: 'apply.invalidField' },
    { field: intl.formatMessage({ id: field === 'name' ? 'apply.name' : 'apply.message' }) },
  );
}

const APPLY_ERROR_ID = 'apply-error';

function ApplyForm({ ad }: { ad: Ad }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { isSendingApply, applyError, adsContacted } = useSelector((state: RootState) => state.adPage);
  const [error, setError] = useState<{ text: string; field: ApplyField | null } | null>(null);
  if (adsContacted.includes(ad.id)) {
    return (
      <p className="apply__sent" role="status">
        {intl.formatMessage({ id: 'apply.sent' })}
      </p>
    );
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = Object.fromEntries(
      [...new FormData(formElement)].map(([k, v]) => [k, typeof v === 'string' ? v.trim() : '']),
    );
    const refuse = (text: string, field: ApplyField | null) => {
      setError({ text, field });
      const input = field && formElement.elements.namedItem(field);
      if (input instanceof HTMLElement) input.focus();
    };
    if (!form.name || !form.email || !form.message) {
      refuse(intl.formatMessage({ id: 'apply.missing' }), !form.name ? 'name' : !form.email ? 'email' : 'message');
      return;
    }
    // Said here, by the field: the service would refuse it, and "please try again" could never work.
    if (!isEmailAddress(form.email)) {
      refuse(fieldError(intl, 'email'), 'email');
      return;
    }
    // The service's own rule (src/shared/domain/phone.ts): "0171/1234567", "０９０-１２３４-５６７８", "x12".
    if (form.phone && !isPhoneNumber(form.phone)) {
      refuse(fieldError(intl, 'phone'), 'phone');
      return;
    }
    setError(null);
    dispatch(applySent(ad.id, form));
  };
  // A field the service refused all the same is named as the form names it, not "please try again".
  const serviceField = error ? null : refusedField(applyError);
  const invalid = error ? error.field : serviceField;
  const shown =
    error?.text ??
    (serviceField ? fieldError(intl, serviceField) : applyError ? intl.formatMessage({ id: 'apply.error' }) : null);
  const fieldProps = (field: ApplyField) =>
    invalid === field ? { 'aria-invalid': true, 'aria-describedby': APPLY_ERROR_ID } : {};
  return (
    <form className="apply" onSubmit={onSubmit} aria-labelledby="apply-title" noValidate>
      <h2 id="apply-title">{intl.formatMessage({ id: 'apply.title' })}</h2>
      <label>
        <span>{intl.formatMessage({ id: 'apply.name' })}</span>
        <input name="name" autoComplete="name" required maxLength={100} {...fieldProps('name')} />
      </label>
      <label>
        <span>{intl.formatMessage({ id: 'apply.email' })}</span>
        <input name="email" type="email" autoComplete="email" required maxLength={200} {...fieldProps('email')} />
      </label>
      <label>
        <span>{intl.formatMessage({ id: 'apply.phone' })}</span>
        <input name="phone" type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} {...fieldProps('phone')} />
      </label>
      <label>
        <span>{intl.formatMessage({ id: 'apply.message' })}</span>
        <textarea name="message" rows={4} required maxLength={2000} {...fieldProps('message')} />
      </label>
      {shown && (
        <p className="apply__error" id={APPLY_ERROR_ID} role="alert">
          {shown}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={isSendingApply}>
        {intl.formatMessage({ id: isSendingApply ? 'apply.sending' : 'apply.send' })}
      </button>
    </form>
  );
}

/** The ad page's way out to the partner (section 186): recorded like every click-out. */
function GoToSource({ ad }: { ad: Ad }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const buildPath = useBuildPath();
  const basePath = useSelector((state: RootState) => state.app.site.basePath);
  const href = buildPath('clickout', { id: ad.id, section: AD_PAGE_SOURCE_SECTION, section_type: 1, position: 1 });
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dispatch(clickoutRequested({ ad, sectionId: AD_PAGE_SOURCE_SECTION, sectionTypeId: 1, position: 1, href }));
  };
  return (
    <a className="button button--primary" href={`${basePath}${href}`} rel="nofollow" onClick={onClick}>
      {intl.formatMessage({ id: 'ad.goToAd' }, { source: ad.attributes.source.name ?? '' })}
    </a>
  );
}

const AD_PAGE_SOURCE_SECTION = 186;

/**
 * The ad's first six pictures that can be shown, the first one large: a picture its partner's host
 * will not give drops out, and the next one takes its place (none shown: no gallery, as for an ad
 * without pictures).
 */
function Gallery({ images, title }: { images: readonly string[]; title: string }) {
  const intl = useIntl();
  const [failed, setFailed] = useState<readonly string[]>([]);
  const shown = images.filter((src) => !failed.includes(src)).slice(0, 6);
  if (shown.length === 0) return null;
  return (
    <ul className="gallery" aria-label={intl.formatMessage({ id: 'ad.pictures' })}>
      {shown.map((src, i) => (
        <li key={src}>
          <PartnerPicture
            src={src}
            alt={i === 0 ? title : ''}
            width={640}
            height={480}
            loading={i === 0 ? 'eager' : 'lazy'}
            onFail={() => setFailed((list) => (list.includes(src) ? list : [...list, src]))}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * One ad (adpage): its fields for the vertical, pictures, place, source,
 * contact and 6 related ads. Mobile stacks everything in reading order; the
 * desktop variant puts the price, source and contact beside the pictures.
 */
function AdPageView({ layout }: { layout: 'stacked' | 'columns' }) {
  const intl = useIntl();
  const { ad, relatedAds } = useSelector((state: RootState) => state.adPage);
  const duplicates = relatedAds.filter((r) => DUPLICATE_SECTIONS.includes(r.attributes.section_id));
  const similar = relatedAds.filter((r) => !DUPLICATE_SECTIONS.includes(r.attributes.section_id));
  const site = useSelector((state: RootState) => state.app.site);
  if (!ad) return null;
  const a = ad.attributes;
  const price = a.vertical_properties.price;
  const images = a.vertical_properties.images;
  const { latitude, longitude } = a.location;
  const summary = (
    <>
      {price && (
        <p className="ad-page__price">
          <strong>{price.valueFormatted}</strong>
          {priceDropped(price, site.target) && (
            <>
              {' '}
              <del>{price.oldValueFormatted}</del>
            </>
          )}
        </p>
      )}
      <p className="ad-card__meta">
        {placeOf(ad, intl.locale) && <span>{placeOf(ad, intl.locale)}</span>}
        <TimeAgo seconds={a.timeAgoSeconds} date={a.date} />
      </p>
    </>
  );
  // Stacked (a phone), the way out to the partner stays at the foot of the screen while the
  // visitor reads, from the first screen on, until the source's section below reaches it; beside
  // the pictures (desktop) it is in that section.
  const cta = !a.expired && (
    <div className="ad-page__cta">
      <GoToSource ad={ad} />
    </div>
  );
  const source = (
    <section className="ad-page__source" aria-labelledby="source-title">
      <h2 id="source-title">{intl.formatMessage({ id: 'ad.source' }, { source: a.source.name ?? '' })}</h2>
      {layout === 'columns' && cta}
      {!a.expired && a.source.ad.hasAdpageForm && <ApplyForm ad={ad} />}
    </section>
  );
  const details = (
    <>
      <Gallery images={images} title={a.title} />
      <Facts ad={ad} site={site} currency={price?.currency ?? site.currency} />
      <h2>{intl.formatMessage({ id: 'ad.description' })}</h2>
      {/* A partner's own text: its direction is its own (an English ad on an Arabic site). */}
      <p className="ad-page__description" dir="auto">
        {a.descriptionOriginal ?? a.description}
      </p>
      {latitude !== null && longitude !== null && (
        <p>
          <a
            href={`https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {intl.formatMessage({ id: 'ad.map' }, { place: placeOf(ad, intl.locale) || `${latitude}, ${longitude}` })}
          </a>
        </p>
      )}
    </>
  );
  return (
    <article className={layout === 'columns' ? 'ad-page ad-page--columns' : 'ad-page'}>
      {a.expired && (
        <p className="notice" role="status">
          {intl.formatMessage({ id: 'ad.expired' })}
        </p>
      )}
      <h1 dir="auto">{a.title}</h1>
      {layout === 'columns' ? (
        <div className="ad-page__columns">
          <div className="ad-page__main">{details}</div>
          <aside className="ad-page__aside">
            {summary}
            {source}
          </aside>
        </div>
      ) : (
        <>
          {summary}
          {details}
          {cta}
          {source}
        </>
      )}
      <AdSlot id="adpage-bottom" />
      {/* The same ad published by other partners first, told apart from ads like it (sections 149/157, 190). */}
      <RelatedList id="duplicates-title" title={intl.formatMessage({ id: 'ad.duplicates' })} ads={duplicates} />
      <RelatedList id="related-title" title={intl.formatMessage({ id: 'ad.related' })} ads={similar} />
    </article>
  );
}

/** A titled list of related ads below the ad; nothing when it has none. */
function RelatedList({ id, title, ads }: { id: string; title: string; ads: readonly Ad[] }) {
  if (ads.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ol className="ad-list ad-list--related">
        {ads.map((r) => (
          <li key={r.id}>
            <AdCard ad={r} headingLevel={3} />
          </li>
        ))}
      </ol>
    </section>
  );
}

export function AdPage() {
  return <AdPageView layout="stacked" />;
}

/** The desktop variant of the ad page (the registry's `desktopPage`). */
export function AdPageDesktop() {
  return <AdPageView layout="columns" />;
}
