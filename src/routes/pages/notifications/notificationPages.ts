/** The notification-management pages, one chunk for the three (src/routes/pageChunks.ts). */
export { EmailManagerPage } from './EmailManagerPage';
export { NotificationSettingsPage } from './NotificationSettingsPage';
export { PushManagerPage } from './PushManagerPage';
