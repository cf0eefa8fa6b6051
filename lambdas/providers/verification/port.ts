import type { emailQevStatuses } from '../../../shared/schemas/contacts.js';

/**
 * The e-mail verification port (DESIGN §5): one address in, one verdict out. `valid` the mailbox exists; `invalid` it
 * does not (or the domain takes no mail); `accept_all` the domain accepts every address, so this one cannot be told
 * apart (risky); `unknown` the mail server did not say (timeout, greylisting). The real adapter is
 * QuickEmailVerification (quickemailverification.ts); locally and in tests the same adapter talks to the sandbox
 * (infra/local/sandbox/verification.ts).
 */
export type VerificationStatus = (typeof emailQevStatuses)[number];

/** The verdict and the vendor's reason for it (kept as `emailQevReason`). */
export type Verdict = { status: VerificationStatus; reason: string };

export type Verifier = { verify: (email: string) => Promise<Verdict> };

/**
 * The verifier gave no verdict. `busy`: try again later (rate limit, outage, timeout); `refused`: our request or
 * credentials were refused (a configuration problem, out of credits), or the answer was unusable.
 */
export class VerificationFailure extends Error {
  readonly kind: 'busy' | 'refused';

  constructor(kind: 'busy' | 'refused', message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = 'VerificationFailure';
    this.kind = kind;
  }
}
