import { useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { feedbackOpened } from '../../state/feedback';

/** The footer's "Give feedback" control: opens the feedback dialog (its code loads when it first opens). */
export function FeedbackButton() {
  const intl = useIntl();
  const dispatch = useDispatch();
  return (
    <button type="button" className="feedback-open" onClick={() => dispatch(feedbackOpened())}>
      {intl.formatMessage({ id: 'chrome.feedback.open' })}
    </button>
  );
}
