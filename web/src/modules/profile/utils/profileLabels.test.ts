import { describe, expect, it } from 'vitest';
import { planLabel, profileName } from './profileLabels';

describe('profile labels', () => {
  it('labels plans from the shared constants', () => {
    expect(planLabel({ subscriptionTier: 'free' })).toBe('Free');
    expect(planLabel({ subscriptionTier: 'starter' })).toBe('Starter');
    expect(planLabel({ subscriptionTier: 'pro' })).toBe('Pro');
  });

  it('names a person by display name, then first and last name, then e-mail', () => {
    const base = { displayName: '', firstName: '', lastName: '', email: 'ada@example.com' };
    expect(profileName({ ...base, displayName: 'Ada Lovelace' })).toBe('Ada Lovelace');
    expect(profileName({ ...base, firstName: 'Ada', lastName: 'King' })).toBe('Ada King');
    expect(profileName(base)).toBe('ada');
  });
});
