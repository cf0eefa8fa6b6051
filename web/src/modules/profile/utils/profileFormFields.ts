import { editableProfileSchema, type EditableProfile } from '@shared/schemas/profile';

export type ProfileFormField = Extract<
  keyof EditableProfile,
  | 'displayName'
  | 'firstName'
  | 'lastName'
  | 'jobTitle'
  | 'company'
  | 'location'
  | 'bio'
  | 'careerInterests'
  | 'goals'
  | 'networkingGoals'
  | 'generalAvailability'
  | 'networkingNotes'
  | 'background'
>;

/** A field's texts are the profile catalogue's `fields.<name>.label`, `.placeholder` and (with `help`) `.help`. */
export type ProfileFieldSpec = {
  name: ProfileFormField;
  /** a line under the field says what it is for */
  help?: boolean;
  /** lines of a multi-line field; a one-line input without */
  rows?: number;
  /** half the form's width on wide screens */
  half?: boolean;
};

export type ProfileSectionId = 'about' | 'lookingFor' | 'background';

/** A group's title and description are the profile catalogue's `sections.<id>`. */
export type ProfileSection = { id: ProfileSectionId; fields: ProfileFieldSpec[] };

/** The profile a person edits, in the groups they think of it in. */
export const profileSections: ProfileSection[] = [
  {
    id: 'about',
    fields: [
      { name: 'firstName', half: true },
      { name: 'lastName', half: true },
      { name: 'displayName', help: true, half: true },
      { name: 'location', half: true },
      { name: 'jobTitle', half: true },
      { name: 'company', half: true },
      { name: 'bio', rows: 3 },
    ],
  },
  {
    id: 'lookingFor',
    fields: [
      { name: 'goals', help: true, rows: 3 },
      { name: 'careerInterests', rows: 2 },
      { name: 'networkingGoals', help: true, rows: 2 },
      { name: 'generalAvailability', help: true },
      { name: 'networkingNotes', rows: 2 },
    ],
  },
  {
    id: 'background',
    fields: [{ name: 'background', rows: 8 }],
  },
];

export const profileFormFields = profileSections.flatMap((section) => section.fields.map((field) => field.name));

/** The server's limit for a field (shared schema), so the form refuses what the server would. */
export const fieldMaxLength = (name: keyof EditableProfile) => {
  // the schemas are zod/mini's, whose strings carry their bounds as checks of their definition, not as properties
  const bounds = (editableProfileSchema.shape[name]._zod.def.checks ?? []).flatMap((check) => {
    const definition = check._zod.def as { check: string; maximum?: number };
    return definition.check === 'max_length' && definition.maximum !== undefined ? [definition.maximum] : [];
  });
  return bounds.length > 0 ? Math.min(...bounds) : undefined;
};

export type ProfileFormValues = Pick<EditableProfile, ProfileFormField>;

export const profileFormValues = (profile: EditableProfile): ProfileFormValues =>
  Object.fromEntries(profileFormFields.map((name) => [name, profile[name]])) as ProfileFormValues;
