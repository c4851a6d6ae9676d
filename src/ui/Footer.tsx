import { useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { MessageId } from '../shared/i18n/messages';
import type { RootState } from '../state/store';
import { useBuildPath } from './RoutesContext';
import { FeedbackButton } from './feedback/FeedbackButton';
import { plainMessage } from './plainMessage';

/** Corporate pages the footer leads to (product-spec §2); see docs/decisions/003-footer-links.md. */
const CORPORATE_BASE = 'https://about.trawl.com';
const LINKS: ReadonlyArray<{ id: MessageId; slug: string }> = [
  { id: 'footer.blog', slug: 'blog' },
  { id: 'footer.guide', slug: 'guide' },
  { id: 'footer.partners', slug: 'partners' },
  { id: 'footer.about', slug: 'about' },
  { id: 'footer.careers', slug: 'careers' },
  { id: 'footer.help', slug: 'help' },
  { id: 'footer.privacy', slug: 'privacy' },
  { id: 'footer.cookies', slug: 'cookies' },
  { id: 'footer.legal', slug: 'legal' },
];

/** Footer links, each opening in a new tab; top searches only in the products vertical. */
export function Footer() {
  const intl = useIntl();
  const buildPath = useBuildPath();
  const site = useSelector((state: RootState) => state.app.site);
  const newTab = plainMessage(intl, 'footer.newTab');
  const items = LINKS.map(({ id, slug }) => ({
    key: slug,
    href: `${CORPORATE_BASE}/${site.country}/${slug}`,
    label: plainMessage(intl, id === 'footer.guide' && site.target === 'jobs' ? 'footer.guideJobs' : id),
  }));
  if (site.target === 'products') {
    items.unshift({
      key: 'top-searches',
      href: buildPath('topsearches', {}, true),
      label: plainMessage(intl, 'footer.topSearches'),
    });
  }
  return (
    <footer className="footer">
      <ul className="footer__links">
        {items.map((item) => (
          <li key={item.key}>
            <a href={item.href} target="_blank" rel="noopener">
              {item.label}
              <span className="visually-hidden"> {newTab}</span>
            </a>
          </li>
        ))}
        <li>
          <FeedbackButton />
        </li>
      </ul>
    </footer>
  );
}
