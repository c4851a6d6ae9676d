import { pagesMessages } from './features/pages';
import { consentMessages } from './features/consent';
import { clickoutMessages } from './features/clickout';
import { alertsMessages } from './features/alerts';
import { chromeMessages } from './features/chrome';

/**
 * Feature catalogues merged into every language's messages. A feature adds
 * its file under ./features/ and one line here.
 */
export const FEATURES = [pagesMessages, consentMessages, clickoutMessages, alertsMessages, chromeMessages] as const;
