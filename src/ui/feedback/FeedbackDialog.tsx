import { useCallback, useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useDispatch, useSelector } from 'react-redux';
import { startWithChunk } from '../../routes/chunkSagas';
import { FEEDBACK_COMMENT_MAX, watchFeedback } from '../../sagas/feedbackSaga';
import { feedbackClosed, feedbackSubmitted } from '../../state/feedback';
import type { RootState } from '../../state/store';
import { Modal } from '../Modal';

// The answer's sending comes with the dialog that gives it, not with every page.
startWithChunk(watchFeedback);

const RATINGS = [1, 2, 3, 4, 5] as const;

/**
 * Capture feedback (product-spec §2): the question, a rating from 1 to 5
 * (a radio group) and a comment. The visitor is thanked as soon as they
 * send; the saga posts the answer, and a failure is ignored (spec §8).
 */
export function FeedbackDialog() {
  const intl = useIntl();
  const dispatch = useDispatch();
  const { dialogOpen, status } = useSelector((state: RootState) => state.feedback);
  const close = useCallback(() => dispatch(feedbackClosed()), [dispatch]);
  if (!dialogOpen) return null;
  return (
    <Modal title={intl.formatMessage({ id: 'chrome.feedback.question' })} onClose={close}>
      {status === 'sent' ? (
        <>
          <p className="feedback__thanks" role="status">
            {intl.formatMessage({ id: 'chrome.feedback.thanks' })}
          </p>
          <div className="modal__actions">
            <button type="button" className="button button--primary" onClick={close}>
              {intl.formatMessage({ id: 'chrome.feedback.close' })}
            </button>
          </div>
        </>
      ) : (
        <FeedbackForm onCancel={close} onSend={(answer) => dispatch(feedbackSubmitted(answer))} />
      )}
    </Modal>
  );
}

function FeedbackForm({
  onCancel,
  onSend,
}: {
  onCancel: () => void;
  onSend: (answer: { rating?: number; comment?: string }) => void;
}) {
  const intl = useIntl();
  const commentId = useId();
  const errorId = useId();
  const [rating, setRating] = useState<number | undefined>(undefined);
  const [comment, setComment] = useState('');
  const [empty, setEmpty] = useState(false);
  const outOf = intl.formatMessage({ id: 'chrome.feedback.outOf' });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating === undefined && comment.trim() === '') {
      setEmpty(true);
      return;
    }
    onSend({ ...(rating !== undefined ? { rating } : {}), ...(comment.trim() ? { comment: comment.trim() } : {}) });
  };
  return (
    <form className="feedback" onSubmit={onSubmit} noValidate>
      <fieldset className="feedback__rating" aria-describedby={empty ? errorId : undefined}>
        <legend>{intl.formatMessage({ id: 'chrome.feedback.rating' })}</legend>
        <div className="feedback__scale">
          {RATINGS.map((value) => (
            <label key={value} className="feedback__option">
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                // The dialog opens on the first rating, ready for the keyboard.
                data-autofocus={value === RATINGS[0] ? true : undefined}
                onChange={() => {
                  setRating(value);
                  setEmpty(false);
                }}
              />
              <span aria-hidden="true">{value}</span>
              <span className="visually-hidden">
                {value} {outOf}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor={commentId} className="feedback__label">
        {intl.formatMessage({ id: 'chrome.feedback.comment' })}
      </label>
      <textarea
        id={commentId}
        className="feedback__comment"
        rows={4}
        maxLength={FEEDBACK_COMMENT_MAX}
        value={comment}
        aria-describedby={empty ? errorId : undefined}
        onChange={(e) => {
          setComment(e.target.value);
          setEmpty(false);
        }}
      />
      {empty && (
        <p id={errorId} className="feedback__error" role="alert">
          {intl.formatMessage({ id: 'chrome.feedback.empty' })}
        </p>
      )}
      <div className="modal__actions">
        <button type="submit" className="button button--primary">
          {intl.formatMessage({ id: 'chrome.feedback.send' })}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {intl.formatMessage({ id: 'chrome.feedback.cancel' })}
        </button>
      </div>
    </form>
  );
}
