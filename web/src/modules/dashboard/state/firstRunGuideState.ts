import { proxy } from 'valtio';

/** The users of this browser who dismissed the first-run guide (kept across visits; one account's choice only). */
const storageKey = 'outreach.firstRunGuideDismissed';

const readDismissed = (): string[] => {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((uid): uid is string => typeof uid === 'string') : [];
  } catch {
    return [];
  }
};

export type FirstRunGuideState = { dismissedBy: string[] };

export const firstRunGuideState = proxy<FirstRunGuideState>({ dismissedBy: readDismissed() });

export const dismissFirstRunGuide = (uid: string) => {
  if (firstRunGuideState.dismissedBy.includes(uid)) return;
  firstRunGuideState.dismissedBy.push(uid);
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(firstRunGuideState.dismissedBy));
  } catch {
    // storage full or blocked: the guide stays hidden for this visit
  }
};
