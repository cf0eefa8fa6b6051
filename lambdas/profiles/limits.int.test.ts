import { describe, expect, it } from 'vitest';
import { messages } from '../../shared/messages.js';
import { createDataClient } from '../data/client.js';
import { itemBytes, maxItemBytes } from '../data/item-size.js';
import { profileKey } from '../data/user-profile.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { countingDataClient } from '../test/counting-client.js';
import { readItem } from '../test/raw-items.js';
import { newReferralCode, type ProfilesDeps, updateProfile } from './service.js';

const db = createDataClient(process.env.TABLE_NAME!);

/** Texts of exactly `bytes` UTF-8 bytes for the résumé and the cover letter (each within its 100,000 characters). */
const documentsOf = (bytes: number) => {
  const resumeContent = '€'.repeat(100_000); // 3 bytes each
  const rest = bytes - 300_000;
  return { resumeContent, coverLetterContent: `${'€'.repeat(Math.floor(rest / 3))}${'x'.repeat(rest % 3)}` };
};

/** A user whose profile holds everything but its documents, and how many bytes the documents may take. */
const profileWithRoom = async () => {
  const claims = userClaims();
  expect(
    (await callRoute('PUT /api/profiles', { claims, body: { resumeContent: 'a', coverLetterContent: 'a' } })).status,
  ).toBe(200);
  const room = maxItemBytes - (itemBytes((await readItem(db, profileKey(claims.sub)))!) - 2);
  expect(room).toBeGreaterThan(300_000);
  return { claims, room };
};

describe('profiles at the 400 KB item limit', () => {
  it('refuses a profile just over 400 KB with a 400 that says what to shorten, and keeps the profile', async () => {
    const { claims, room } = await profileWithRoom();

    const refused = await callRoute('PUT /api/profiles', {
      claims,
      body: { ...documentsOf(room + 1), bio: 'Still here' },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ success: false, error: messages.profile.tooLarge, code: 'bad_request' });
    const kept = await callRoute('GET /api/profiles', { claims });
    expect(kept.json.data).toMatchObject({ resumeContent: 'a', coverLetterContent: 'a', bio: '' });

    const saved = await callRoute('PUT /api/profiles', { claims, body: documentsOf(room) });
    expect(saved.status).toBe(200);
    expect(itemBytes((await readItem(db, profileKey(claims.sub)))!)).toBe(maxItemBytes);
  });

  it('refuses a settings change a full profile has no room for with the same 400', async () => {
    const { claims, room } = await profileWithRoom();
    expect((await callRoute('PUT /api/profiles', { claims, body: documentsOf(room) })).status).toBe(200);

    const refused = await callRoute('PUT /api/profiles/settings', {
      claims,
      body: {
        settings: { timeZone: 'America/Argentina/Buenos_Aires' },
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(messages.profile.tooLarge);
    expect((await callRoute('GET /api/profiles/settings', { claims })).json.data.timeZone).toBe('UTC');
  });

  it('refuses documents that could never fit in one profile without a call to the table', async () => {
    const counting = countingDataClient();
    const deps: ProfilesDeps = {
      db: counting.data,
      now: () => new Date(),
      newReferralCode,
      documentUrl: async () => '',
    };
    const claims = userClaims();
    const refused = updateProfile(
      deps,
      { uid: claims.sub, email: claims.email },
      {
        resumeContent: '€'.repeat(100_000),
        coverLetterContent: '€'.repeat(100_000),
      },
    );
    await expect(refused).rejects.toMatchObject({ status: 400, message: messages.profile.tooLarge });
    expect(counting.calls).toEqual([]);
  });
});
