import { describe, expect, it } from 'vitest';
import type { ContactWire } from '@shared/schemas/contacts';
import { toContact, toContactWire } from './contactMapping';
import { wireContact } from '@/test/contactFixtures';

describe('toContact', () => {
  it('camel-cases every field, also inside education and experiences', () => {
    const contact = toContact(wireContact({ first_name: 'Grace', avatar_url: 'https://example.com/a.png' }));
    expect(contact.firstName).toBe('Grace');
    expect(contact.avatarUrl).toBe('https://example.com/a.png');
    expect(contact.emailQevStatus).toBe('valid');
    expect(contact.canonicalLinkedinUrl).toBe('https://www.linkedin.com/in/grace-hopper-1906');
    expect(contact.education[0]).toEqual({
      institution: 'Yale University',
      fieldOfStudy: 'Mathematics',
      startYear: 1930,
    });
    expect(contact.experiences[0]).toMatchObject({
      companyLinkedinUrl: 'https://www.linkedin.com/company/navy',
      isCurrent: true,
    });
  });

  it('names the unique facts and their search time as SPEC §3 does', () => {
    const contact = toContact(
      wireContact({ unique_perplexity_facts: ['Wrote COBOL'], perplexity_searched_at: '2026-01-01T00:00:00.000Z' }),
    );
    expect(contact.uniqueInsights).toEqual(['Wrote COBOL']);
    expect(contact.uniqueInsightsTimestamp).toBe('2026-01-01T00:00:00.000Z');
    expect(contact).not.toHaveProperty('uniquePerplexityFacts');
  });

  it('keeps linkedin_data as the server sent it', () => {
    const contact = toContact(wireContact({ linkedin_data: { public_identifier: 'grace' } }));
    expect(contact.linkedinData).toEqual({ public_identifier: 'grace' });
  });
});

describe('toContactWire', () => {
  it('reverses the mapping: snake_case, unique facts and timestamp renamed, generated e-mail dropped', () => {
    expect(
      toContactWire({
        firstName: 'Grace',
        jobTitle: 'Rear Admiral',
        relationshipStatus: 'contacted',
        uniqueInsights: ['Found a moth'],
        uniqueInsightsTimestamp: null,
        generatedEmail: 'Dear Grace',
        generatedAt: '2026-01-01T00:00:00.000Z',
        notes: undefined,
      }),
    ).toEqual({
      first_name: 'Grace',
      job_title: 'Rear Admiral',
      relationship_status: 'contacted',
      unique_perplexity_facts: ['Found a moth'],
      perplexity_searched_at: null,
    });
  });

  it('round-trips a whole contact back to its wire form', () => {
    const wire: ContactWire = wireContact();
    const { generatedEmail: _generated, ...contact } = { ...toContact(wire), generatedEmail: 'Hi' };
    expect(toContactWire(contact)).toEqual(wire);
  });
});
