import { useMediaQuery } from './useMediaQuery';

/** SPEC §1, §9: screens narrower than 768 px get 'Desktop Required'. */
export const narrowScreenQuery = '(max-width: 767px)';

/** Whether the window is narrower than 768 px, following resizes. */
export const useIsNarrowScreen = () => useMediaQuery(narrowScreenQuery);
