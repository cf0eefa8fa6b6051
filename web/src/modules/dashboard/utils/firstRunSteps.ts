import { i18n } from '@/i18n';

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

/** A step's texts in the interface's language (catalogue `dashboard`, `firstRun.steps`). */
const texts = (key: FirstRunStepKey) => ({
  title: i18n.t(`dashboard:firstRun.steps.${key}.title`),
  description: i18n.t(`dashboard:firstRun.steps.${key}.description`),
});

/** Each first step and whether it is done. */
export const firstRunSteps = (facts: FirstRunFacts): FirstRunStep[] => {
  const done: Record<FirstRunStepKey, boolean> = {
    profile: facts.profileComplete,
    mailbox: facts.mailboxConnected,
    contacts: facts.contacts > 0,
  };
  return firstRunStepKeys.map((key) => ({ key, ...texts(key), done: done[key] }));
};
