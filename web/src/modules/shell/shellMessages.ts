/** Texts of the app shell (SPEC §1, §2). */
export const shellMessages = {
  collapseSidebar: 'Collapse sidebar',
  expandSidebar: 'Expand sidebar',
  plan: 'Plan',
  settings: 'Settings',
  logOut: 'Log Out',
  desktopRequiredTitle: 'Desktop Required',
  desktopRequiredText:
    'Outreach is built for desktop screens. Open it on a computer, or widen this window to at least 768 pixels, to work with your contacts, outreach and pipeline.',
  continueToHomepage: 'Continue to homepage',
  dismissBanner: 'Dismiss',
} as const;
