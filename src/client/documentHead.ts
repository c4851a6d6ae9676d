import { indexingOf, type PageHead } from '../state/page';

/** The element a selector finds in the head, made with `create` when missing, or removed when `keep` is false. */
function headElement<E extends HTMLElement>(doc: Document, selector: string, keep: boolean, create: () => E): E | null {
  const found = doc.head.querySelector<E>(selector);
  if (!keep) {
    found?.remove();
    return null;
  }
  if (found) return found;
  const made = create();
  doc.head.appendChild(made);
  return made;
}

function meta(doc: Document, attribute: 'name' | 'property', key: string, content: string | undefined): void {
  const element = headElement(doc, `meta[${attribute}="${key}"]`, content !== undefined, () => {
    const m = doc.createElement('meta');
    m.setAttribute(attribute, key);
    return m;
  });
  if (element && content !== undefined) element.content = content;
}

/**
 * The head of a page shown after a navigation in the app, as the server writes it for the same page
 * (`renderDocument`): title and description, what it tells search engines (`indexingOf`: a no-results
 * or error page drops the last page's canonical and says `noindex`), its Open Graph title and URL and
 * its JSON-LD (an ad's, none on a results page).
 */
export function showHead(doc: Document, head: PageHead, status: number): void {
  doc.title = head.title;
  const { robots, canonical } = indexingOf(head, status);
  meta(doc, 'name', 'description', head.description || undefined);
  meta(doc, 'name', 'robots', robots);
  const link = headElement(doc, 'link[rel="canonical"]', canonical !== undefined, () => {
    const l = doc.createElement('link');
    l.rel = 'canonical';
    return l;
  });
  if (link && canonical) link.href = canonical;
  meta(doc, 'property', 'og:url', canonical);
  meta(doc, 'property', 'og:title', head.title);
  meta(doc, 'property', 'og:image', head.image);
  const jsonLd = headElement(doc, 'script[type="application/ld+json"]', head.jsonLd !== undefined, () => {
    const s = doc.createElement('script');
    s.type = 'application/ld+json';
    return s;
  });
  // Data, never run, and set as text: no markup in it is read.
  if (jsonLd && head.jsonLd) jsonLd.textContent = JSON.stringify(head.jsonLd);
}
