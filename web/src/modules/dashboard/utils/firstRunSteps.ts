/** The first steps of a new account, in the order the guide shows them. */
export const firstRunStepKeys = ['profile', 'mailbox', 'contacts'] as const;
export type FirstRunStepKey = (typeof firstRunStepKeys)[number];

export type FirstRunFacts = {
  /** the profile holds what AI drafting needs (modules/profile `profileCompleteness`) */
  profileComplete: boolean;
  /** a mailbox is connected to send from */
  mailboxConnected: boolean;
  contacts: number;
};

export type FirstRunStep = { key: FirstRunStepKey; title: string; description: string; done: boolean };

const texts: Record<FirstRunStepKey, { title: string; description: string }> = {
  profile: {
    title: 'Complete your profile',
    description: 'Your name, background and goals: the AI writes your e-mails from them.',
  },
  mailbox: {
    title: 'Connect your mailbox',
    description: 'Your e-mails are sent from your own Gmail or Outlook address.',
  },
  contacts: {
    title: 'Add your first contacts',
    description: 'Paste a LinkedIn URL, or import a CSV file, in your contacts below.',
  },
};

/** Each first step and whether it is done. */
export const firstRunSteps = (facts: FirstRunFacts): FirstRunStep[] => {
  const done: Record<FirstRunStepKey, boolean> = {
    profile: facts.profileComplete,
    mailbox: facts.mailboxConnected,
    contacts: facts.contacts > 0,
  };
  return firstRunStepKeys.map((key) => ({ key, ...texts[key], done: done[key] }));
};
