import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { VERTICALS } from '../../../config/verticals';
import type { RootState } from '../../state/store';
import { SearchForm } from '../../ui/SearchForm';
import { SeoLinks } from '../../ui/SeoLinks';
import { AdSlot } from '../../ui/ads/AdSlot';
import { FeaturedAd } from '../../ui/banners/FeaturedAd';

/** Home of a vertical (search box) or of the country (a search box naming its vertical, and the verticals). */
export function HomePage() {
  const intl = useIntl();
  const site = useSelector((state: RootState) => state.app.site);
  if (site.target === 'general') {
    const verticals = VERTICALS.filter((v) => site.verticals.includes(v.name));
    return (
      <section className="home home--general">
        <h1>
          {intl.formatMessage({ id: 'home.generalHeading' }, { country: site.countryName, inCountry: site.inCountry })}
        </h1>
        <p>{intl.formatMessage({ id: 'home.generalLead' })}</p>
        <SearchForm>
          {/* The country's home searches one of its verticals, chosen here. */}
          <label className="search-form__field">
            <span className="visually-hidden">{intl.formatMessage({ id: 'search.vertical' })}</span>
            <select name="vertical" defaultValue={site.verticals[0]}>
              {verticals.map((v) => (
                <option key={v.name} value={v.name}>
                  {intl.formatMessage({ id: `vertical.${v.name}` })}
                </option>
              ))}
            </select>
          </label>
        </SearchForm>
        <h2>{intl.formatMessage({ id: 'home.chooseVertical' })}</h2>
        <ul className="home__verticals">
          {verticals.map((v) => (
            <li key={v.name} data-vertical={v.name}>
              {/* Verticals may live on other hosts, so these are plain links, not in-app navigation. */}
              <a href={`${site.basePath}/${v.name}`}>{intl.formatMessage({ id: `vertical.${v.name}` })}</a>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  return (
    <section className="home">
      <h1>
        {intl.formatMessage(
          { id: 'home.heading' },
          {
            vertical: intl.formatMessage({ id: `vertical.${site.target}` }),
            country: site.countryName,
            inCountry: site.inCountry,
          },
        )}
      </h1>
      <SearchForm />
      <SeoLinks />
      <FeaturedAd />
      <AdSlot id="home-bottom" />
    </section>
  );
}
