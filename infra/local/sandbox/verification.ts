import { createHash } from 'node:crypto';
import type { SandboxRequest, SandboxResponse, SandboxVendor } from './router.js';

/**
 * The mailbox conventions the sandbox's companies use. The person's pattern is chosen from their first initial and
 * last name (at the domain), as these three can be read back from an address of each, so the sandbox needs no state
 * to know whose address it is asked about; every other pattern of the person is invalid.
 */
const conventions = [
  { pattern: 'first.last', weight: 70 },
  { pattern: 'first_last', weight: 15 },
  { pattern: 'f.last', weight: 15 },
] as const;
export type SandboxConvention = (typeof conventions)[number]['pattern'];

/** The pattern of the person with this first initial and last name at the domain (stable: a hash, no state). */
export const conventionOf = (initial: string, last: string, domain: string): SandboxConvention => {
  const digest = createHash('sha256').update(`${domain}|${initial}|${last}`).digest();
  let point = digest.readUInt32BE(0) % 100;
  for (const { pattern, weight } of conventions) {
    if (point < weight) return pattern;
    point -= weight;
  }
  return 'first.last';
};

/** Which person and pattern a local part would be, if it follows one of the conventions. */
const readLocalPart = (local: string): { initial: string; last: string; pattern: SandboxConvention } | undefined => {
  const dotted = /^([a-z0-9]+)\.([a-z0-9]+)$/.exec(local);
  if (dotted) {
    const [, first, last] = dotted as unknown as [string, string, string];
    return { initial: first[0]!, last, pattern: first.length === 1 ? 'f.last' : 'first.last' };
  }
  const underscored = /^([a-z0-9]{2,})_([a-z0-9]+)$/.exec(local);
  if (underscored) return { initial: underscored[1]![0]!, last: underscored[2]!, pattern: 'first_last' };
  return undefined;
};

type Answer = { result: 'valid' | 'invalid' | 'unknown'; reason: string; acceptAll?: boolean };

const addressPattern = /^([^@\s]{1,64})@([a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,})$/;

/**
 * The sandbox's verdict on an address, deterministic so every branch of a lookup can be seen locally:
 * - an address containing 'timeout': unknown (the mail server did not answer);
 * - a domain containing 'acceptall' or 'catchall': every address valid and accept-all (risky);
 * - a domain containing 'nomail' (no mail server) or 'unknown-co' (rejects everyone): invalid;
 * - otherwise exactly one address per person exists, in the pattern `conventionOf` chooses (mostly first.last).
 */
export const sandboxVerdict = (email: string): Answer => {
  const address = addressPattern.exec(email.trim().toLowerCase());
  if (!address) return { result: 'invalid', reason: 'invalid_email' };
  const [, local, domain] = address as unknown as [string, string, string];
  if (email.toLowerCase().includes('timeout')) return { result: 'unknown', reason: 'timeout' };
  if (domain.includes('acceptall') || domain.includes('catchall')) {
    return { result: 'valid', reason: 'accepted_email', acceptAll: true };
  }
  if (domain.includes('nomail')) return { result: 'invalid', reason: 'invalid_domain' };
  if (domain.includes('unknown-co')) return { result: 'invalid', reason: 'rejected_email' };
  const person = readLocalPart(local);
  const exists = person !== undefined && conventionOf(person.initial, person.last, domain) === person.pattern;
  return exists ? { result: 'valid', reason: 'accepted_email' } : { result: 'invalid', reason: 'rejected_email' };
};

/**
 * `GET /verify?email=&apikey=` as QuickEmailVerification answers it (strings 'true'/'false' included). A domain
 * containing 'outage' answers 503, so a vendor failure can be seen too.
 * @link https://docs.quickemailverification.com/email-verification-api/verify-an-email-address
 */
const verify = (request: SandboxRequest): SandboxResponse => {
  const email = request.query.get('email') ?? '';
  if (!request.query.get('apikey')) return { status: 401, json: { success: 'false', message: 'Invalid API key' } };
  if (!email) return { status: 400, json: { success: 'false', message: 'Email is required' } };
  const [user = '', domain = ''] = email.toLowerCase().split('@');
  if (domain.includes('outage')) return { status: 503, json: { success: 'false', message: 'Service unavailable' } };
  const answer = sandboxVerdict(email);
  const bool = (value: boolean) => (value ? 'true' : 'false');
  return {
    json: {
      result: answer.result,
      reason: answer.reason,
      disposable: 'false',
      accept_all: bool(answer.acceptAll ?? false),
      role: bool(['info', 'sales', 'support', 'admin', 'contact'].includes(user)),
      free: 'false',
      email: email.toLowerCase(),
      user,
      domain,
      mx_record: answer.reason === 'invalid_domain' ? null : `mx.${domain}`,
      mx_domain: answer.reason === 'invalid_domain' ? null : domain,
      safe_to_send: bool(answer.result === 'valid' && !answer.acceptAll),
      did_you_mean: '',
      success: 'true',
      message: null,
    },
  };
};

/** QuickEmailVerification's single-address API: point `VERIFICATION_BASE_URL` at `<sandbox>/quickemailverification/v1`. */
export const verificationVendor: SandboxVendor = {
  name: 'quickemailverification',
  summary: 'E-mail verification (QuickEmailVerification API subset): /quickemailverification/v1/verify',
  register: (router) => {
    router.get('/quickemailverification/v1/verify', verify);
  },
};
