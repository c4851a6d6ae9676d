import { FeedbackDialog } from '../feedback/FeedbackDialog';
import { AppBanner } from './AppBanner';

/** The chrome every page carries outside its main content: the download-app banner and the feedback dialog. */
export function PageChrome() {
  return (
    <>
      <AppBanner />
      <FeedbackDialog />
    </>
  );
}
