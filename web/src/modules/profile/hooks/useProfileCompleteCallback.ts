import { useEffect, useRef } from 'react';

/**
 * Calls `onComplete` when `complete` turns true while the page is open (SPEC §2: /profile takes a profile-complete
 * callback); a profile that was complete when the page opened does not call it.
 */
export const useProfileCompleteCallback = (complete: boolean, onComplete: (() => void) | undefined) => {
  const was = useRef(complete);
  const callback = useRef(onComplete);
  callback.current = onComplete;

  useEffect(() => {
    if (complete && !was.current) callback.current?.();
    was.current = complete;
  }, [complete]);
};
