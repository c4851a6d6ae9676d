import { watchAlerts } from '../../../sagas/alertsSaga';
import { startWithChunk } from '../../chunkSagas';

/** The notification-management pages, one chunk for the three (src/routes/pageChunks.ts), with the alerts' watcher. */
export { EmailManagerPage } from './EmailManagerPage';
export { NotificationSettingsPage } from './NotificationSettingsPage';
export { PushManagerPage } from './PushManagerPage';

startWithChunk(watchAlerts);
