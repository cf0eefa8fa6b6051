import type { EditableProfile } from '@shared/schemas/profile';

export type ProfileField = keyof EditableProfile;

/**
 * SPEC §7: a change to any of these refreshes the normalised profile. `generalAvailability` is the availability the
 * profile form edits, so it counts as `availability`.
 */
export const normalizedFields = [
  'resumeContent',
  'coverLetterContent',
  'background',
  'goals',
  'careerInterests',
  'location',
  'availability',
  'generalAvailability',
] as const satisfies readonly ProfileField[];

/**
 * The fields of `values` that differ from `saved`, compared as the server stores them (trimmed), so a save sends
 * only what the person changed and whitespace alone is no change.
 */
export const changedFields = <F extends ProfileField>(
  saved: Pick<EditableProfile, F>,
  values: Partial<Record<F, string | undefined | null>>,
): Partial<Pick<EditableProfile, F>> => {
  const changes: Partial<Pick<EditableProfile, F>> = {};
  for (const field of Object.keys(values) as F[]) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const next = value.trim();
    if (next !== (saved[field] ?? '').trim()) changes[field] = next as EditableProfile[F];
  }
  return changes;
};

/** SPEC §7: whether a saved change calls for `POST /api/profiles/normalize`. */
export const needsNormalizing = (changes: Partial<EditableProfile>) =>
  normalizedFields.some((field) => changes[field] !== undefined);
