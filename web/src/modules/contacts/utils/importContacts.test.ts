import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { toContact, type NewContact } from '../api/contactMapping';
import { wireContact } from '@/test/contactFixtures';
import { importContacts, indexContacts, limitReachedMessage } from './importContacts';

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
    expect(results[2]?.message).toBe(limitReachedMessage);
    expect(create).toHaveBeenCalledTimes(2);
    expect(onLimitReached).toHaveBeenCalledOnce();
  });
});
