import { useMediaQuery } from './useMediaQuery';

/**
 * From 768 px (SPEC §9) up to 1100 px the shell is compact: the 80 px sidebar (SPEC §2) whatever the person chose,
 * so a 1024 px laptop leaves the page 880 px, not 704.
 */
export const compactScreenQuery = '(max-width: 1099px)';

/** Whether the window is narrower than 1100 px, following resizes. */
export const useIsCompactScreen = () => useMediaQuery(compactScreenQuery);
