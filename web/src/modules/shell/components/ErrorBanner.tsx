import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useReplyCheckErrors } from '../hooks/useReplyCheckErrors';
import { dismissBannerError, keepDismissedOf, shellState } from '../state/shellState';

// Shown only once a reply check has failed: antd's Alert arrives then rather than with every signed-in page.
const ErrorBannerAlert = lazy(async () => ({ default: (await import('./ErrorBannerAlert')).ErrorBannerAlert }));

/**
 * SPEC §2: the dismissible red banner of reply-check errors (SPEC §8 texts from GET /api/reply-checks), above the
 * page: one per distinct text, each dismissible; a dismissed text shows again once it cleared and came back.
 */
export const ErrorBanner = () => {
  const errors = useReplyCheckErrors();
  const { dismissedBannerErrors } = useSnapshot(shellState);
  const key = errors?.join('\n') ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the texts, not the array's identity
  useEffect(() => {
    if (errors) keepDismissedOf(errors);
  }, [key]);
  const shown = (errors ?? []).filter((text) => !dismissedBannerErrors.includes(text));
  if (!shown.length) return null;
  return (
    <Suspense fallback={null}>
      <div className="error-banners" data-testid="reply-check-banner">
        {shown.map((text) => (
          <ErrorBannerAlert key={text} message={text} onClose={() => dismissBannerError(text)} />
        ))}
      </div>
    </Suspense>
  );
};
