import type { Logger } from '@aws-lambda-powertools/logger';
import { limits } from '../../shared/constants.js';
import type { EmailLookupMessage } from '../../shared/schemas/contacts.js';
import type { DataClient } from '../data/client.js';
import { getContact, setContactEmail, type ContactEmailFields, type ContactItem } from '../data/contact.js';
import { activityChanged, type ActivityItemOutcome, progressActivity } from '../data/activity.js';
import { getSharedProfile, storeSharedEmail, type SharedProfileItem } from '../data/shared-profile.js';
import type { LivePort } from '../providers/live/port.js';
import type { Verdict, Verifier } from '../providers/verification/port.js';
import { VerificationFailure } from '../providers/verification/port.js';
import { sameCompany } from '../../shared/companies.js';
import { emailCandidates, normaliseDomain, normaliseName, type EmailCandidate } from './email-candidates.js';
import { mayLookUp } from './lookup-rules.js';

export type EmailLookupDeps = {
  db: DataClient;
  verifier: Verifier;
  now: () => Date;
  /** the live channel (DESIGN §8): a lookup's activity action reaches the user's open tabs */
  live?: LivePort;
  logger?: Pick<Logger, 'warn'>;
};

/**
 * What a message came to: `gone` the contact no longer exists; `spent` this attempt already ran (a redelivery);
 * `refused` SPEC §5 allows no further lookup; `raced` another delivery of the same attempt wrote first; otherwise the
 * lookup status written.
 */
export type EmailLookupOutcome =
  | { kind: 'gone' | 'spent' | 'refused' | 'raced' }
  | { kind: 'written'; status: ContactItem['emailLookupStatus'] | null; verifierCalls: number };

/**
 * How sure a not-found is (`emailNotFoundConfidence`; SPEC §5 stops lookups above 0.9). A domain without mail servers
 * or a mail server that refused every likely address: sure, no further lookup. No domain or no name to build
 * addresses from: not sure at all, a later attempt (after an edit or a profile refresh) may find one.
 */
export const notFoundConfidence = { noMailDomain: 0.99, allRejected: 0.95, nothingToTry: 0.5 } as const;

/** The company a profile names as the person's current one: its own, else its current (or latest) job's. */
const profileCompanyOf = (contact: ContactItem, shared: SharedProfileItem | null) => {
  if (shared?.company) return shared.company;
  const experiences = shared?.experiences ?? contact.experiences ?? [];
  return (experiences.find((experience) => experience.isCurrent) ?? experiences[0])?.company;
};

/**
 * Whether the contact keeps its profile's company: it names none of its own, or the same one. A contact can keep
 * another (a CSV row's company, an edit): the file and the profile then disagree and the contact's own wins.
 */
export const keepsProfileCompany = (contact: ContactItem, shared: SharedProfileItem | null) => {
  const profileCompany = profileCompanyOf(contact, shared);
  return !contact.company?.trim() || !profileCompany || sameCompany(contact.company, profileCompany);
};

/**
 * The web domain of the company the contact keeps. Its profile's company: the shared profile's domain, else the current
 * job's public URL, else the company as typed. Another company than its profile's: that company's domain in the
 * profile's own history (a file written before the person moved names a past employer), else the company as typed
 * ('acme.com'), else none: never the profile's current employer, where an address would reach the wrong company.
 */
export const companyDomainOf = (contact: ContactItem, shared: SharedProfileItem | null): string | undefined => {
  const experiences = shared?.experiences ?? contact.experiences ?? [];
  if (!keepsProfileCompany(contact, shared)) {
    const named = experiences.find((experience) => sameCompany(experience.company, contact.company));
    return normaliseDomain(named?.companyPublicUrl) ?? normaliseDomain(contact.company);
  }
  const current = experiences.find((experience) => experience.isCurrent) ?? experiences[0];
  return (
    normaliseDomain(shared?.companyDomain) ??
    normaliseDomain(current?.companyPublicUrl) ??
    // a contact added by hand may name its company by domain ('acme.com')
    normaliseDomain(contact.company)
  );
};

/** The company web domain the enriched profile itself gives: its own, else its current job's public URL. */
const enrichedDomainOf = (shared: SharedProfileItem) => {
  const experiences = shared.experiences ?? [];
  const current = experiences.find((experience) => experience.isCurrent) ?? experiences[0];
  return normaliseDomain(shared.companyDomain) ?? normaliseDomain(current?.companyPublicUrl);
};

/**
 * What a lookup builds its candidates from: the contact's names (the user's own edits), else the profile's, at the
 * company domain. `enrichedFrom` is the shared profile when the candidates are exactly those of its own names and
 * domain (the vendor's data), null when anything the user typed or edited went into them.
 */
export const lookupBasis = (contact: ContactItem, shared: SharedProfileItem | null) => {
  const firstName = contact.firstName || shared?.firstName || '';
  const lastName = contact.lastName || shared?.lastName || '';
  const domain = companyDomainOf(contact, shared);
  const enriched =
    shared !== null &&
    domain !== undefined &&
    domain === enrichedDomainOf(shared) &&
    normaliseName(firstName) === normaliseName(shared.firstName ?? '') &&
    normaliseName(lastName) === normaliseName(shared.lastName ?? '');
  return { firstName, lastName, domain, enrichedFrom: enriched ? shared : null };
};

type CandidateVerdict = EmailCandidate & Verdict;

/**
 * Verifies the candidates in order until one is valid (first valid wins). An accept-all verdict ends the search too:
 * that domain answers the same for every address, so further checks only spend credits.
 */
const verifyInOrder = async (verifier: Verifier, candidates: EmailCandidate[]) => {
  const verdicts: CandidateVerdict[] = [];
  for (const candidate of candidates) {
    const verdict = await verifier.verify(candidate.email);
    verdicts.push({ ...candidate, ...verdict });
    if (verdict.status === 'valid' || verdict.status === 'accept_all') break;
  }
  return verdicts;
};

/** The e-mail fields a set of verdicts comes to (valid -> found_valid; risky -> found_risky; else not_found). */
const lookupResult = (verdicts: CandidateVerdict[], now: Date): ContactEmailFields => {
  const best =
    verdicts.find((verdict) => verdict.status === 'valid') ??
    verdicts.find((verdict) => verdict.status === 'accept_all') ??
    verdicts.find((verdict) => verdict.status === 'unknown');
  if (best) {
    return {
      email: best.email,
      emailSource: 'lookup',
      emailQevStatus: best.status,
      emailQevReason: best.reason,
      emailVerifiedAt: now.toISOString(),
      emailLookupStatus: best.status === 'valid' ? 'found_valid' : 'found_risky',
      emailNotFoundConfidence: 0,
      emailPatternUsed: best.pattern,
    };
  }
  const noMail = verdicts.some((verdict) => verdict.reason === 'invalid_domain');
  return {
    emailLookupStatus: 'not_found',
    emailNotFoundConfidence: noMail ? notFoundConfidence.noMailDomain : notFoundConfidence.allRejected,
    emailQevReason: noMail ? 'invalid_domain' : 'rejected_email',
  };
};

const notFound = (reason: string): ContactEmailFields => ({
  emailLookupStatus: 'not_found',
  emailNotFoundConfidence: notFoundConfidence.nothingToTry,
  emailQevReason: reason,
});

/** A manually entered address (or one kept from before) that no verifier has judged yet. */
const hasUnverifiedManualEmail = (contact: ContactItem) =>
  Boolean(contact.email) && contact.emailSource === 'manual' && !contact.emailQevStatus;

/**
 * One e-mail lookup of one contact (SPEC §5), idempotent on (contact, attempt): a manually entered address
 * is verified first; else a valid address the shared profile already holds is copied; else the candidates of the
 * person's name at the company domain are verified in order. The result, the attempt number and its time are one
 * conditional write, so a redelivered message changes nothing twice. A found valid address is kept on the shared
 * profile for the next user who adds that person, only when it was built from that profile's own names and domain:
 * what one user typed or edited never reaches another. A vendor failure marks the contact 'error' without
 * spending the attempt and throws, so the queue delivers the message again.
 */
export const lookUpEmail = async (deps: EmailLookupDeps, message: EmailLookupMessage): Promise<EmailLookupOutcome> => {
  const { db, verifier } = deps;
  const contact = await getContact(db, message.uid, message.contactId);
  if (!contact) return { kind: 'gone' };
  const storedAttempts = contact.emailLookupAttempts ?? 0;
  if (storedAttempts >= message.attempt) return { kind: 'spent' };

  const manual = hasUnverifiedManualEmail(contact);
  // SPEC §5, §9: no lookup beyond the third, even for a message that skipped a number
  if (!manual && (!mayLookUp(contact) || message.attempt > limits.emailLookupMaxAttempts)) return { kind: 'refused' };

  const now = deps.now();
  let verifierCalls = 0;
  const counted: Verifier = {
    verify: (email) => {
      verifierCalls += 1;
      return verifier.verify(email);
    },
  };

  let found: Found;
  try {
    found = await findEmail({ ...deps, verifier: counted }, contact, manual, now);
  } catch (error) {
    if (!(error instanceof VerificationFailure)) throw error;
    await setContactEmail(
      db,
      contact,
      { emailLookupStatus: 'error', emailLookupLastAttempt: now.toISOString() },
      { expectedAttempts: storedAttempts, lastUpdated: now.toISOString() },
    );
    throw error;
  }

  const { fields, enrichedFrom } = found;
  // the shared copy first: if it fails the message comes back with its attempt unspent
  const shareable = fields.emailSource === 'lookup' && fields.emailLookupStatus === 'found_valid';
  if (shareable && enrichedFrom && contact.sharedContactId && fields.email) {
    await storeSharedEmail(
      db,
      contact.sharedContactId,
      {
        email: fields.email,
        emailQevStatus: 'valid',
        emailVerifiedAt: fields.emailVerifiedAt,
        emailPatternUsed: fields.emailPatternUsed ?? '',
        updatedAt: now.toISOString(),
      },
      enrichedFrom,
    );
  }
  const written = await setContactEmail(
    db,
    contact,
    { ...fields, emailLookupAttempts: message.attempt, emailLookupLastAttempt: now.toISOString() },
    // a company changed while this ran was at another domain: that edit's own lookup (same attempt) writes instead
    { expectedAttempts: storedAttempts, expectedCompany: contact.company ?? '', lastUpdated: now.toISOString() },
  );
  if (!written) return { kind: 'raced' };
  return { kind: 'written', status: fields.emailLookupStatus ?? contact.emailLookupStatus ?? null, verifierCalls };
};

/** A lookup's fields, and the shared profile its candidates were built from when they were its own (`lookupBasis`). */
type Found = { fields: ContactEmailFields; enrichedFrom: SharedProfileItem | null };

const findEmail = async (deps: EmailLookupDeps, contact: ContactItem, manual: boolean, now: Date): Promise<Found> => {
  const own = (fields: ContactEmailFields): Found => ({ fields, enrichedFrom: null });
  let manualVerdict: ContactEmailFields = {};
  if (manual) {
    const verdict = await deps.verifier.verify(contact.email ?? '');
    manualVerdict = {
      emailQevStatus: verdict.status,
      emailQevReason: verdict.reason,
      emailVerifiedAt: now.toISOString(),
    };
    // the user's own address stays unless it does not exist
    if (verdict.status === 'valid')
      return own({ ...manualVerdict, emailLookupStatus: 'found_valid', emailNotFoundConfidence: 0 });
    if (verdict.status !== 'invalid') return own({ ...manualVerdict, emailLookupStatus: 'found_risky' });
    // no lookup may follow: the status the address's check left 'pending' ends (else it would wait forever)
    if (!mayLookUp(contact)) {
      return own({
        ...manualVerdict,
        ...(contact.emailLookupStatus === 'pending' ? { emailLookupStatus: 'not_found' as const } : {}),
      });
    }
  }

  const shared = contact.sharedContactId ? await getSharedProfile(deps.db, contact.sharedContactId) : null;
  // the profile's address is at the profile's company: only for a contact that keeps that company
  if (shared?.email && shared.emailQevStatus === 'valid' && keepsProfileCompany(contact, shared)) {
    return own({
      email: shared.email,
      emailSource: 'shared_profile',
      emailQevStatus: 'valid',
      emailQevReason: 'accepted_email',
      emailVerifiedAt: shared.emailVerifiedAt ?? now.toISOString(),
      emailLookupStatus: 'found_valid',
      emailNotFoundConfidence: 0,
      emailPatternUsed: shared.emailPatternUsed ?? '',
    });
  }

  const { firstName, lastName, domain, enrichedFrom } = lookupBasis(contact, shared);
  // a not-found keeps the user's own (invalid) address with its verdict, so they see why it is not usable
  if (!domain) return own({ ...notFound('no_company_domain'), ...manualVerdict });
  const candidates = emailCandidates({ firstName, lastName, domain });
  if (candidates.length === 0) return own({ ...notFound('no_name'), ...manualVerdict });
  const result = lookupResult(await verifyInOrder(deps.verifier, candidates), now);
  return { fields: result.email ? result : { ...result, ...manualVerdict }, enrichedFrom };
};

/** Why a contact of a lookup request counts as failed on its activity action (cut to 50 characters there). */
export const lookupActivityMessages = {
  failed: 'The e-mail check failed. Please try again later.',
  gone: 'The contact was deleted.',
} as const;

/** How a contact's lookup status counts on its activity action: an address found, none found, or a failure. */
const outcomeOfStatus = (status: ContactItem['emailLookupStatus'] | null | undefined): ActivityItemOutcome =>
  status === 'found_valid' || status === 'found_risky'
    ? { status: 'completed', fetched: true }
    : status === 'error'
      ? { status: 'failed', error: lookupActivityMessages.failed }
      : { status: 'completed' };

/**
 * A contact's lookup counts on the action of the request that queued it (SPEC §3 'Activity action'): found
 * (fetched and completed), not found (completed) or failed for good (`failed`: after the queue's last receive), once
 * per contact however often its message comes (lambdas/data/activity.ts); the last contact finishes the action. A
 * message that found its attempt spent, raced or refused counts what the contact holds. Told on the live channel.
 */
export const countLookupActivity = async (
  deps: EmailLookupDeps,
  message: EmailLookupMessage,
  result: EmailLookupOutcome | { kind: 'failed' },
) => {
  if (!message.activityId) return;
  let outcome: ActivityItemOutcome;
  if (result.kind === 'failed') outcome = { status: 'failed', error: lookupActivityMessages.failed };
  else if (result.kind === 'gone') outcome = { status: 'failed', error: lookupActivityMessages.gone };
  else if (result.kind === 'written') outcome = outcomeOfStatus(result.status);
  else {
    const contact = await getContact(deps.db, message.uid, message.contactId);
    outcome = contact
      ? outcomeOfStatus(contact.emailLookupStatus)
      : { status: 'failed', error: lookupActivityMessages.gone };
  }
  const action = await progressActivity(
    deps.db,
    message.uid,
    message.activityId,
    message.contactId,
    outcome,
    deps.now(),
  );
  if (action) {
    await deps.live
      ?.publish(message.uid, activityChanged(action))
      .catch((error: unknown) => deps.logger?.warn('activity.changed was not published', { error }));
  }
};
