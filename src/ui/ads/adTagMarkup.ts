import type { AdNetwork } from '../../../config/adSlots';

const escapeAttribute = (text: string): string => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** The id of the tag's script element, which the inline watcher listens for. */
export const AD_TAG_SCRIPT_ID = 'trawl-ad-tag';

/**
 * The head markup of the third-party ad tag, only for a site with a network:
 * a small inline script (listening on the document, as element load events
 * never reach the window) that queues `googletag` calls and turns the tag's
 * load or error into `window.__TRAWL_AD_TAG__`, a promise that rejects when
 * the tag fails to load; then the tag itself, async. The page writes the
 * inline script (`inlineScript`, under its nonce or named by its hash) and
 * gives the nonce attribute for the tag, empty on a page without one.
 */
export function adTagHead(
  network: AdNetwork | null,
  inlineScript: (text: string) => string,
  nonceAttribute: string,
): string {
  if (!network) return '';
  const watcher =
    'window.googletag=window.googletag||{cmd:[]};' +
    'window.__TRAWL_AD_TAG__=new Promise(function(ok,ko){' +
    'function on(type,fn){document.addEventListener(type,function(e){' +
    `if(e.target&&e.target.id==='${AD_TAG_SCRIPT_ID}')fn()},true)}` +
    "on('load',ok);on('error',function(){ko(new Error('The ad tag failed to load'))})});" +
    'window.__TRAWL_AD_TAG__.catch(function(){});';
  return (
    inlineScript(watcher) +
    `<script async id="${AD_TAG_SCRIPT_ID}" src="${escapeAttribute(network.tagUrl)}"${nonceAttribute}></script>`
  );
}
