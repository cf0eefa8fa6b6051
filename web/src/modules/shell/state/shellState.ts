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
  /** SPEC §2: the dismissible red banner of reply-check errors; null hides it */
  bannerMessage: string | null;
};

export const shellState = proxy<ShellState>({ sidebarCompact: readCompact(), bannerMessage: null });

export const setSidebarCompact = (compact: boolean) => {
  shellState.sidebarCompact = compact;
  try {
    globalThis.localStorage?.setItem(compactStorageKey, String(compact));
  } catch {
    // storage full or blocked: the choice still holds for this visit
  }
};

export const toggleSidebarCompact = () => setSidebarCompact(!shellState.sidebarCompact);

export const showBanner = (text: string) => {
  shellState.bannerMessage = text;
};

export const dismissBanner = () => {
  shellState.bannerMessage = null;
};

/** On sign-out: the banner belongs to the person leaving; the sidebar width is the device's and stays. */
export const resetShell = () => {
  shellState.bannerMessage = null;
};
