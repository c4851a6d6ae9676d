/**
 * Whether this browser can take push alerts, and its notification permission: all a results
 * page needs at first load to show its alert button (the push client itself loads with the
 * alert dialogs and saga, in `alertsEnvironment`).
 */
export type PushPermission = 'default' | 'granted' | 'denied' | 'unsupported';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof document !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function pushPermission(): PushPermission {
  return pushSupported() ? (Notification.permission as PushPermission) : 'unsupported';
}
