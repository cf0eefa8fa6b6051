import { useSyncExternalStore } from 'react';

/** SPEC §1, §9: screens narrower than 768 px get 'Desktop Required'. */
export const narrowScreenQuery = '(max-width: 767px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(narrowScreenQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

const isNarrow = () => window.matchMedia(narrowScreenQuery).matches;

/** Whether the window is narrower than 768 px, following resizes. */
export const useIsNarrowScreen = () => useSyncExternalStore(subscribe, isNarrow, () => false);
