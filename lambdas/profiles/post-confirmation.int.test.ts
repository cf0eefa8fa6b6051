import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { markAccountDeleted } from '../data/deleted-account.js';
import { userItems } from '../data/user-partition.js';
import { getUserProfile } from '../data/user-profile.js';
import { countingDataClient } from '../test/counting-client.js';

let handler: (event: PostConfirmationTriggerEvent) => Promise<PostConfirmationTriggerEvent>;
beforeAll(async () => {
  ({ handler } = await import('./post-confirmation.js'));
});

const confirmation = (triggerSource: PostConfirmationTriggerEvent['triggerSource'], sub: string) =>
  ({
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_test',
    userName: sub,
    triggerSource,
    callerContext: { awsSdkVersion: 'test', clientId: 'client' },
    request: { userAttributes: { sub, email: 'new.user@example.com', name: 'New User' } },
    response: {},
  }) as PostConfirmationTriggerEvent;

describe('the post-confirmation trigger', () => {
  const db = countingDataClient().data;

  it('creates the profile with the new-user defaults when a sign-up is confirmed', async () => {
    const sub = randomUUID();
    const event = confirmation('PostConfirmation_ConfirmSignUp', sub);
    expect(await handler(event)).toBe(event);
    const data = await getUserProfile(db, sub);
    expect(data).toMatchObject({ email: 'new.user@example.com', displayName: 'New User', subscriptionTier: 'free' });
  });

  it('refuses the confirmation of a deleted account and creates nothing', async () => {
    const sub = randomUUID();
    await markAccountDeleted(db, sub, '2026-11-21T10:00:00.000Z');
    await expect(handler(confirmation('PostConfirmation_ConfirmSignUp', sub))).rejects.toThrow('deleted');
    expect(await userItems(db, sub)).toEqual([]);
  });

  it('leaves everything alone after a password reset', async () => {
    const sub = randomUUID();
    await handler(confirmation('PostConfirmation_ConfirmForgotPassword', sub));
    expect(await getUserProfile(db, sub)).toBeNull();
  });
});
