import { useEffect, useRef } from 'react';

/**
 * Calls `onComplete` when `complete` turns true while the page is open (SPEC §2: /profile takes a profile-complete
 * callback); a profile that was complete when the page opened does not call it. While `settled` is false (an editor
 * of the page still reports unsaved changes: the save that completed the profile is still resetting its form) the
 * call waits, so a callback that leaves the page is not stopped by the unsaved-changes guard.
 */
export const useProfileCompleteCallback = (complete: boolean, onComplete: (() => void) | undefined, settled = true) => {
  const was = useRef(complete);
  const pending = useRef(false);
  const callback = useRef(onComplete);
  callback.current = onComplete;

  useEffect(() => {
    if (complete && !was.current) pending.current = true;
    if (!complete) pending.current = false;
    was.current = complete;
    if (pending.current && settled) {
      pending.current = false;
      callback.current?.();
    }
  }, [complete, settled]);
};
