import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { shellState } from '../state/shellState';

// Shown only once a reply check has failed: antd's Alert arrives then rather than with every signed-in page.
const ErrorBannerAlert = lazy(async () => ({ default: (await import('./ErrorBannerAlert')).ErrorBannerAlert }));

/** SPEC §2: the dismissible red banner of reply-check errors, above the page; nothing without a message. */
export const ErrorBanner = () => {
  const { bannerMessage } = useSnapshot(shellState);
  if (!bannerMessage) return null;
  return (
    <Suspense fallback={null}>
      <ErrorBannerAlert message={bannerMessage} />
    </Suspense>
  );
};
