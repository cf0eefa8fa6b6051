/** SPEC §9 'Connection fetch', receivers and popup timings of the e-mail connection. */
export const emailConnectionTimings = {
  /** initialisation: wait after the user is signed in, then attempts of the default connection, 2 s apart */
  initialWaitMs: 1_000,
  fetchAttempts: 3,
  fetchGapMs: 2_000,
  /** a critical or refresh token health asks the server for a refresh after this */
  refreshDelayMs: 100,
  /** after a successful connect the default connection is read again */
  postOAuthReloadMs: 1_000,
  /** the Outlook flow checks the server's default after this and reinitialises if the store has none */
  outlookVerifyMs: 1_500,
  popupPollMs: 500,
  popupWidth: 600,
  popupHeight: 700,
  /** Gmail receiver: how long it waits for the signed-in user, then attempts with a doubling backoff */
  gmailUserWaitMs: 2_000,
  gmailAttempts: 3,
  gmailBackoffMs: 1_500,
  /** Gmail receiver: the redirect back to the app after a success */
  gmailRedirectMs: 1_500,
} as const;
