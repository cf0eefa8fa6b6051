import type { Logger } from '@aws-lambda-powertools/logger';
import { messages } from '../../shared/messages.js';
import type { NormalizedProfile } from '../../shared/schemas/account.js';
import { HttpError, badRequest, notFound, tooManyRequests } from '../core/errors.js';
import type { DataClient } from '../data/client.js';
import { isItemTooLarge } from '../data/item-size.js';
import { takeTokens } from '../data/rate-limit.js';
import {
  clearProfileSummary,
  getUserProfile,
  storeProfileSummary,
  type UserProfileItem,
} from '../data/user-profile.js';
import { AiFailure, type Ai, type AiCompletion } from '../providers/ai/port.js';

export type AiDeps = {
  db: DataClient;
  ai: Ai;
  now: () => Date;
  logger: Pick<Logger, 'warn' | 'error'>;
};

export const aiMessages = {
  nothingToSummarize: 'Add a background, résumé or goals first.',
  busy: 'The AI service is busy right now. Please try again in a few minutes.',
  failed: 'The AI service could not summarise your profile. Please try again later.',
} as const;

/**
 * A 5xx whose message is safe to show: the outside AI service failed, not this request, and the user may retry
 * (STYLE §8: errors say whether they are safe to show).
 */
class ProviderError extends HttpError {
  override readonly expose = true;
}

/** The instructions of a profile summary: facts only, short, for the drafting prompts of later calls. */
const summaryInstructions = [
  "You condense a professional's profile into a compact summary that is later given to an AI drafting networking",
  'e-mails on their behalf. Use only the facts given; never invent. Cover who they are (name, role, company,',
  'location), their experience and strongest skills, what they want from networking (goals and interests) and when',
  'they are available. Plain text in the third person, no headings, no lists, at most 250 words.',
].join(' ');

/** 250 words of English fit in 600 tokens with room to spare. */
const summaryMaxTokens = 600;

/**
 * The profile's parts in the prompt, longest last. Long documents are cut (their beginning says the most) so a
 * request stays small and fast whatever was uploaded.
 */
const promptSections = (profile: UserProfileItem): [label: string, text: string | undefined, max: number][] => {
  const name = profile.displayName || [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return [
    ['Name', name, 200],
    ['Job title', profile.jobTitle, 200],
    ['Company', profile.company, 200],
    ['Location', profile.location, 200],
    ['Availability', [profile.availability, profile.generalAvailability].filter(Boolean).join('\n'), 2000],
    ['About', profile.bio, 2000],
    ['Career interests', profile.careerInterests, 2000],
    ['Networking goals', profile.networkingGoals, 2000],
    ['Goals', profile.goals, 4000],
    ['Background', profile.background, 8000],
    ['Résumé', profile.resumeContent, 12_000],
    [
      profile.coverLetterCompany ? `Cover letter (for ${profile.coverLetterCompany})` : 'Cover letter',
      profile.coverLetterContent,
      6000,
    ],
  ];
};

/** What makes a summary worth writing: the user's own words about their experience or aims, not a name alone. */
const hasSubstance = (profile: UserProfileItem) =>
  [
    profile.background,
    profile.resumeContent,
    profile.coverLetterContent,
    profile.goals,
    profile.careerInterests,
    profile.networkingGoals,
    profile.bio,
  ].some((text) => (text ?? '').trim() !== '');

/** The user prompt: one `### Label` section per filled field. */
export const profilePrompt = (profile: UserProfileItem) =>
  promptSections(profile)
    .map(([label, text, max]) => [label, (text ?? '').trim().slice(0, max)] as const)
    .filter(([, text]) => text !== '')
    .map(([label, text]) => `### ${label}\n${text}`)
    .join('\n\n');

const summarise = async (deps: AiDeps, profile: UserProfileItem): Promise<AiCompletion> => {
  try {
    return await deps.ai.complete({
      system: summaryInstructions,
      prompt: profilePrompt(profile),
      maxTokens: summaryMaxTokens,
    });
  } catch (error) {
    if (!(error instanceof AiFailure)) throw error;
    deps.logger.error('profile summary failed', { kind: error.kind, reason: error.message });
    if (error.kind === 'busy') throw new ProviderError(503, aiMessages.busy, { code: 'ai_unavailable', cause: error });
    throw new ProviderError(502, aiMessages.failed, { code: 'ai_failed', cause: error });
  }
};

/**
 * POST /api/profiles/normalize (SPEC §7): a compact summary of the profile through the AI port, kept on the profile
 * for drafting. `normalizedAt` is when the profile was read: a summary is stored only if none of a later read is
 * there already, so of two overlapping calls the one that read the newer profile wins, whichever finishes last.
 * Each AI call takes a token of the user's profile-summary bucket (lambdas/data/rate-limit.ts): 429 beyond it.
 */
export const normalizeProfile = async (deps: AiDeps, uid: string): Promise<NormalizedProfile> => {
  const profile = await getUserProfile(deps.db, uid);
  const normalizedAt = deps.now().toISOString();
  if (!profile) throw badRequest(aiMessages.nothingToSummarize);
  if (!hasSubstance(profile)) {
    // a summary of what the person has since removed must not keep feeding their drafts
    if (profile.normalizedSummary) {
      await clearProfileSummary(deps.db, uid);
    }
    throw badRequest(aiMessages.nothingToSummarize);
  }
  const allowance = await takeTokens(deps.db, uid, 'profileSummary', { now: deps.now() });
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
  const { text: summary, model } = await summarise(deps, profile);
  const stored = await storeProfileSummary(deps.db, uid, {
    normalizedSummary: summary,
    normalizedAt,
    normalizedModel: model,
  }).catch((error: unknown) => {
    // a profile at DynamoDB's item limit has no room for its summary
    if (isItemTooLarge(error)) throw badRequest(messages.profile.tooLarge);
    throw error;
  });
  if (stored) return { summary, normalizedAt, model };
  const latest = await getUserProfile(deps.db, uid);
  // deleted meanwhile (the account was)
  if (!latest?.normalizedAt) throw notFound(messages.profile.notFound);
  return {
    summary: latest.normalizedSummary ?? '',
    normalizedAt: latest.normalizedAt,
    model: latest.normalizedModel ?? '',
  };
};
