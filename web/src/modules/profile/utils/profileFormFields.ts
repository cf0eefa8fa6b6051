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

export type ProfileFieldSpec = {
  name: ProfileFormField;
  label: string;
  placeholder?: string;
  /** a line under the field saying what it is for */
  help?: string;
  /** lines of a multi-line field; a one-line input without */
  rows?: number;
  /** half the form's width on wide screens */
  half?: boolean;
};

export type ProfileSectionId = 'about' | 'lookingFor' | 'background';

export type ProfileSection = { id: ProfileSectionId; title: string; description: string; fields: ProfileFieldSpec[] };

/** The profile a person edits, in the groups they think of it in. */
export const profileSections: ProfileSection[] = [
  {
    id: 'about',
    title: 'About you',
    description: 'Who you are, as your e-mails introduce you.',
    fields: [
      { name: 'firstName', label: 'First name', placeholder: 'Ada', half: true },
      { name: 'lastName', label: 'Last name', placeholder: 'Lovelace', half: true },
      {
        name: 'displayName',
        label: 'Display name',
        placeholder: 'Ada Lovelace',
        help: 'The name your e-mails are signed with.',
        half: true,
      },
      { name: 'location', label: 'Location', placeholder: 'London, United Kingdom', half: true },
      { name: 'jobTitle', label: 'Job title', placeholder: 'Senior product designer', half: true },
      { name: 'company', label: 'Company', placeholder: 'Analytical Engines Ltd', half: true },
      {
        name: 'bio',
        label: 'Short bio',
        placeholder: 'Two or three sentences about what you do and what you care about.',
        rows: 3,
      },
    ],
  },
  {
    id: 'lookingFor',
    title: "What you're looking for",
    description: 'What you want from the people you reach out to.',
    fields: [
      {
        name: 'goals',
        label: 'Goals',
        placeholder: 'Move into a design leadership role at a climate-tech start-up within a year.',
        help: 'What you want your outreach to lead to.',
        rows: 3,
      },
      {
        name: 'careerInterests',
        label: 'Career interests',
        placeholder: 'Design systems, developer tools, climate tech',
        rows: 2,
      },
      {
        name: 'networkingGoals',
        label: 'Networking goals',
        placeholder: 'Meet design leads who have scaled a team from 3 to 30.',
        help: 'Who you want to meet, and why.',
        rows: 2,
      },
      {
        name: 'generalAvailability',
        label: 'General availability',
        placeholder: 'Weekday mornings, UK time; Thursday afternoons',
        help: 'When you are free for calls and coffee.',
      },
      {
        name: 'networkingNotes',
        label: 'Networking notes',
        placeholder: 'Anything else to keep in mind when reaching out: tone, topics to avoid, people in common.',
        rows: 2,
      },
    ],
  },
  {
    id: 'background',
    title: 'Background',
    description: 'Your experience in your own words, or the text of a file you upload.',
    fields: [
      {
        name: 'background',
        label: 'Background',
        placeholder: 'Your experience, the work you are proud of, what you bring to a conversation.',
        rows: 8,
      },
    ],
  },
];

export const profileFormFields = profileSections.flatMap((section) => section.fields.map((field) => field.name));

/** The server's limit for a field (shared schema), so the form refuses what the server would. */
export const fieldMaxLength = (name: keyof EditableProfile) => {
  const schema = editableProfileSchema.shape[name];
  return 'maxLength' in schema && typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
};

export type ProfileFormValues = Pick<EditableProfile, ProfileFormField>;

export const profileFormValues = (profile: EditableProfile): ProfileFormValues =>
  Object.fromEntries(profileFormFields.map((name) => [name, profile[name]])) as ProfileFormValues;
