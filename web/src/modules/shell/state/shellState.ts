import { proxy } from 'valtio';

/** The compact sidebar is a preference of this browser, kept across visits and sign-ins. */
const compactStorageKey = 'outreach.sidebarCompact';

const readCompact = () => {
  try {
    return globalThis.localStorage?.getItem(compactStorageKey) === 'true';
  } catch {
    return false;
  }
};

export type ShellState = {
  /** SPEC §2: sidebar 256 px by default, 80 px compact */
  sidebarCompact: boolean;
  /**
   * SPEC §2: the reply-check error texts the person dismissed from the red banner. A text leaves this list once no
   * mailbox reports it any more, so the same error coming back later shows again.
   */
  dismissedBannerErrors: string[];
};

export const shellState = proxy<ShellState>({ sidebarCompact: readCompact(), dismissedBannerErrors: [] });

export const setSidebarCompact = (compact: boolean) => {
  shellState.sidebarCompact = compact;
  try {
    globalThis.localStorage?.setItem(compactStorageKey, String(compact));
  } catch {
    // storage full or blocked: the choice still holds for this visit
  }
};

export const toggleSidebarCompact = () => setSidebarCompact(!shellState.sidebarCompact);

/** Hides the banner of one error text until it clears and comes back. */
export const dismissBannerError = (text: string) => {
  if (!shellState.dismissedBannerErrors.includes(text)) shellState.dismissedBannerErrors.push(text);
};

/** Forgets the dismissals of texts no mailbox reports now (`current`), so a new occurrence shows again. */
export const keepDismissedOf = (current: readonly string[]) => {
  const kept = shellState.dismissedBannerErrors.filter((text) => current.includes(text));
  if (kept.length !== shellState.dismissedBannerErrors.length) shellState.dismissedBannerErrors = kept;
};

/** On sign-out: the banner belongs to the person leaving; the sidebar width is the device's and stays. */
export const resetShell = () => {
  shellState.dismissedBannerErrors = [];
};
