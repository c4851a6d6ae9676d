import { useIntl } from 'react-intl';
import type { MessageId } from '../../../shared/i18n/messages';
import type { AreaStatus } from '../../../state/notifications';

/** What an area says while it has no list to show. */
export function AreaStatusMessage({ status, noCredentials }: { status: AreaStatus; noCredentials: MessageId }) {
  const intl = useIntl();
  const messages: Partial<Record<AreaStatus, MessageId>> = {
    idle: 'nm.loading',
    loading: 'nm.loading',
    noCredentials,
    invalidLink: 'nm.invalidLink',
    expiredLink: 'nm.expiredLink',
    error: 'alerts.error',
  };
  const id = messages[status];
  if (!id) return null;
  const isProblem = status === 'invalidLink' || status === 'expiredLink' || status === 'error';
  return <p className={isProblem ? 'notice nm-message' : 'nm-message'}>{intl.formatMessage({ id })}</p>;
}
