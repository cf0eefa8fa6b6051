import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { toContact, type NewContact } from '../api/contactMapping';
import { wireContact } from '@/test/contactFixtures';
import { importContacts, indexContacts, jobLine, limitReachedMessage, profileDisagreement } from './importContacts';

const created = (contact: NewContact) =>
  toContact(
    wireContact({
      name: contact.name ?? '',
      email: contact.email ?? '',
      linkedin_url: contact.linkedinUrl ?? '',
      canonical_linkedin_url: contact.linkedinUrl ?? '',
      company: contact.company ?? '',
    }),
  );

const badUrl = new ApiError({
  status: 400,
  code: 'validation_failed',
  message: 'Invalid request',
  details: [{ field: 'body.linkedin_url', message: 'Expected a LinkedIn profile URL' }],
});

describe('importContacts', () => {
  it('adds rows one by one, skips duplicates and reports the server reason of failed rows', async () => {
    const existing = indexContacts([toContact(wireContact())]);
    const create = vi.fn(async (contact: NewContact) => {
      if (contact.linkedinUrl === 'nope') throw badUrl;
      if (contact.name === 'Known')
        throw new ApiError({
          status: 409,
          code: 'duplicate_contact',
          message: 'This contact is already in your list.',
        });
      return created(contact);
    });
    const results = await importContacts({
      existing,
      create,
      rows: [
        { rowNumber: 2, contact: { linkedinUrl: 'https://linkedin.com/in/Grace-Hopper-1906/' } },
        { rowNumber: 3, contact: { linkedinUrl: 'https://www.linkedin.com/in/ada' } },
        { rowNumber: 4, contact: { linkedinUrl: 'www.linkedin.com/in/ada/' } },
        { rowNumber: 5, contact: { linkedinUrl: 'nope' } },
        { rowNumber: 6, contact: { name: 'Alan Turing', company: 'NPL' } },
        { rowNumber: 7, contact: { name: 'Alan Turing', company: 'npl' } },
        { rowNumber: 8, contact: { name: 'Known' } },
      ],
    });
    expect(results.map(({ rowNumber, status }) => [rowNumber, status])).toEqual([
      [2, 'skipped'],
      [3, 'added'],
      [4, 'skipped'],
      [5, 'failed'],
      [6, 'added'],
      [7, 'skipped'],
      [8, 'skipped'],
    ]);
    expect(results[3]?.message).toBe('LinkedIn URL: Expected a LinkedIn profile URL');
    expect(create).toHaveBeenCalledTimes(4);
  });

  it('names an unknown LinkedIn profile with the server’s words', async () => {
    const unknown = new ApiError({
      status: 404,
      code: 'profile_not_found',
      message: 'The requested resource was not found.',
      serverMessage: 'We could not find this LinkedIn profile. Check the URL or add the contact by hand.',
    });
    const results = await importContacts({
      existing: indexContacts([]),
      create: async () => {
        throw unknown;
      },
      rows: [{ rowNumber: 2, contact: { linkedinUrl: 'https://www.linkedin.com/in/someone-not-found' } }],
    });
    expect(results[0]).toMatchObject({
      status: 'failed',
      message: 'We could not find this LinkedIn profile. Check the URL or add the contact by hand.',
    });
  });

  it('stops at the contact limit and marks the rest as not imported', async () => {
    const onLimitReached = vi.fn();
    const limit = new ApiError({ status: 402, code: 'contact_limit_reached', message: 'Contact limit reached' });
    const create = vi.fn(async (contact: NewContact) => {
      if (contact.name === 'B') throw limit;
      return created(contact);
    });
    const results = await importContacts({
      existing: indexContacts([]),
      create,
      onLimitReached,
      rows: ['A', 'B', 'C'].map((name, index) => ({ rowNumber: index + 2, contact: { name } })),
    });
    expect(results.map((result) => result.status)).toEqual(['added', 'not_imported', 'not_imported']);
    expect(results[2]?.message).toBe(limitReachedMessage());
    expect(create).toHaveBeenCalledTimes(2);
    expect(onLimitReached).toHaveBeenCalledOnce();
  });
});

describe('a row that disagrees with its LinkedIn profile', () => {
  const fromProfile = (overrides: Partial<Parameters<typeof wireContact>[0]> = {}) =>
    toContact(
      wireContact({
        company: 'Deezer',
        job_title: 'Head of Data',
        current_role: 'Data Lead',
        experiences: [
          { title: 'Data Lead', company: 'Fabrikam', is_current: true },
          { title: 'Analyst', company: 'Deezer', is_current: false },
        ],
        ...overrides,
      }),
    );

  it("shows the file's job and the profile's current one when the company or the title differs", () => {
    expect(profileDisagreement({ company: 'Deezer', jobTitle: 'Head of Data' }, fromProfile())).toEqual({
      file: { company: 'Deezer', jobTitle: 'Head of Data' },
      linkedin: { company: 'Fabrikam', jobTitle: 'Data Lead' },
    });
    expect(
      profileDisagreement({ company: 'Fabrikam', jobTitle: 'Head of Data' }, fromProfile({ company: 'Fabrikam' })),
    ).toEqual({
      file: { company: 'Fabrikam', jobTitle: 'Head of Data' },
      linkedin: { company: 'Fabrikam', jobTitle: 'Data Lead' },
    });
  });

  it('agrees when only case, spacing or a legal form differ, and when the file leaves the job blank', () => {
    const agreeing = fromProfile({ company: 'fabrikam, Inc.', job_title: 'data  lead' });
    expect(profileDisagreement({ company: 'fabrikam, Inc.', jobTitle: 'data  lead' }, agreeing)).toBeNull();
    expect(profileDisagreement({ linkedinUrl: 'https://www.linkedin.com/in/x' }, fromProfile())).toBeNull();
    // a contact added by name only has no profile to disagree with
    expect(profileDisagreement({ company: 'Deezer' }, fromProfile({ experiences: [], current_role: '' }))).toBeNull();
  });

  it('reads a job as a sentence', () => {
    expect(jobLine({ company: 'Deezer', jobTitle: 'Head of Data' })).toBe('Head of Data at Deezer');
    expect(jobLine({ company: 'Deezer', jobTitle: '' })).toBe('Deezer');
  });

  it('reports the contact each added row made, with its disagreement', async () => {
    const contact = fromProfile({ id: 'contact-1' });
    const results = await importContacts({
      existing: indexContacts([]),
      create: async () => contact,
      rows: [{ rowNumber: 2, contact: { linkedinUrl: 'https://www.linkedin.com/in/x', company: 'Deezer' } }],
    });
    expect(results[0]).toMatchObject({
      status: 'added',
      contactId: 'contact-1',
      disagreement: { linkedin: { company: 'Fabrikam' } },
    });
  });
});
