import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import type { DocumentKind } from '../../shared/schemas/documents.js';
import { getUserProfile } from '../data/user-profile.js';
import * as profiles from '../profiles/index.js';
import { createS3Client, s3Storage, userPrefix } from '../providers/storage/storage.js';
import { userClaims } from '../test/api-event.js';
import { countingDataClient } from '../test/counting-client.js';
import * as documents from './service.js';
import { browserUpload } from './test/browser-upload.js';
import { keyedHashFromEnv } from '../providers/crypto/keyed-hash.js';

const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME ?? '');
const silent = { warn: () => undefined };

const setup = () => {
  const db = countingDataClient();
  const profileDeps: profiles.SignUpDeps = {
    db: db.data,
    now: () => new Date(),
    newReferralCode: profiles.newReferralCode,
    addressHash: keyedHashFromEnv(),
    documentUrl: (key) => storage.presignGet(key),
  };
  const deps: documents.DocumentsDeps = {
    db: db.data,
    storage,
    now: () => new Date(),
    newId: () => ulid(),
    createProfile: (identity) => profiles.getProfile(profileDeps, identity),
    logger: silent,
  };
  const claims = userClaims();
  const identity: profiles.Identity = { uid: claims.sub, email: claims.email, name: 'Ada Lovelace' };
  return { db, deps, profileDeps, identity };
};

type Setup = ReturnType<typeof setup>;

const uploadText = async ({ deps, identity }: Setup, kind: DocumentKind, fileName: string, text: string) => {
  const bytes = new TextEncoder().encode(text);
  const ticket = await documents.createUpload(deps, identity, {
    purpose: kind,
    fileName,
    contentType: 'text/plain',
    size: bytes.length,
  });
  expect(await browserUpload(ticket, bytes, fileName)).toBe(204);
  return ticket.key;
};

const storedKeys = async (identity: profiles.Identity) =>
  (await storage.list(userPrefix(identity.uid))).map((object) => object.key).sort();

describe('documents service against s3rver and DynamoDB Local', () => {
  it('makes the profile with the new-user defaults when the first thing a user does is upload', async () => {
    const context = setup();
    const key = await uploadText(context, 'resume', 'cv.txt', 'First thing I did');
    await documents.processDocument(context.deps, context.identity, 'resume', { key });
    const profile = await profiles.getProfile(context.profileDeps, context.identity);
    expect(profile).toMatchObject({
      uid: context.identity.uid,
      email: context.identity.email,
      subscriptionTier: 'free',
      referralCode: expect.stringMatching(/^[A-Z2-9]{8}$/),
      resumeContent: 'First thing I did',
      resumeFileName: 'cv.txt',
    });
  });

  it('processes for an existing profile with one DynamoDB write', async () => {
    const context = setup();
    await profiles.syncUser(context.profileDeps, context.identity, {});
    const key = await uploadText(context, 'cover-letter', 'letter.txt', 'Dear team');
    context.db.reset();
    await documents.processDocument(context.deps, context.identity, 'cover-letter', { key, company: 'Acme' });
    expect(context.db.calls).toEqual(['UpdateItemCommand']);
  });

  it('keeps the file name the user chose, accents and all, while the key holds a safe one', async () => {
    const context = setup();
    const key = await uploadText(context, 'resume', 'Résumé Zoë 履歴書.txt', 'Zoë');
    expect(key).toMatch(/-Resume-Zoe\.txt$/);
    const processed = await documents.processDocument(context.deps, context.identity, 'resume', { key });
    expect(processed.fileName).toBe('Résumé Zoë 履歴書.txt');
    const link = await fetch(processed.fileUrl);
    expect(link.headers.get('content-disposition')).toContain(encodeURIComponent('Résumé Zoë 履歴書.txt'));
    expect(await link.text()).toBe('Zoë');
  });

  it('caps the text at what the profile holds: 100,000 characters of résumé, 20,000 of background', async () => {
    const context = setup();
    const long = 'word '.repeat(30_000);
    const resume = await documents.processDocument(context.deps, context.identity, 'resume', {
      key: await uploadText(context, 'resume', 'long.txt', long),
    });
    expect(resume.content.length).toBeLessThanOrEqual(100_000);
    expect(resume.content.length).toBeGreaterThan(99_990);
    const background = await documents.processDocument(context.deps, context.identity, 'background', {
      key: await uploadText(context, 'background', 'long.txt', long),
    });
    expect(background.content.length).toBeLessThanOrEqual(20_000);
    expect((await profiles.getProfile(context.profileDeps, context.identity)).background).toBe(background.content);
  });

  it('two replacements at once leave exactly one file, the one the profile names', async () => {
    const context = setup();
    await documents.processDocument(context.deps, context.identity, 'resume', {
      key: await uploadText(context, 'resume', 'first.txt', 'First'),
    });
    const a = await uploadText(context, 'resume', 'a.txt', 'A');
    const b = await uploadText(context, 'resume', 'b.txt', 'B');
    await Promise.all([
      documents.processDocument(context.deps, context.identity, 'resume', { key: a }),
      documents.processDocument(context.deps, context.identity, 'resume', { key: b }),
    ]);
    const data = await getUserProfile(context.deps.db, context.identity.uid);
    expect(await storedKeys(context.identity)).toEqual([data?.resumeFileKey]);
  });

  it('a cover letter processed without a company keeps the company already on the profile', async () => {
    const context = setup();
    await documents.processDocument(context.deps, context.identity, 'cover-letter', {
      key: await uploadText(context, 'cover-letter', 'one.txt', 'One'),
      company: 'Acme',
    });
    await documents.processDocument(context.deps, context.identity, 'cover-letter', {
      key: await uploadText(context, 'cover-letter', 'two.txt', 'Two'),
    });
    expect(await profiles.getProfile(context.profileDeps, context.identity)).toMatchObject({
      coverLetterCompany: 'Acme',
      coverLetterContent: 'Two',
    });
  });

  it('keeps no copy of an upload whose profile could not be written; the upload is left to expire', async () => {
    const context = setup();
    const key = await uploadText(context, 'resume', 'cv.txt', 'Nowhere to keep it');
    const deps = { ...context.deps, createProfile: () => Promise.reject(new Error('profile store unavailable')) };
    await expect(documents.processDocument(deps, context.identity, 'resume', { key })).rejects.toThrow(
      'profile store unavailable',
    );
    expect(await storedKeys(context.identity)).toEqual([key]);
  });

  it('removing a résumé that was only typed in clears its text', async () => {
    const context = setup();
    await profiles.updateProfile(context.profileDeps, context.identity, { resumeContent: 'Typed by hand' });
    expect(await documents.removeDocument(context.deps, context.identity, 'resume')).toEqual({ deleted: true });
    expect((await profiles.getProfile(context.profileDeps, context.identity)).resumeContent).toBe('');
  });

  it('removing a kind the user does not have changes nothing on the profile', async () => {
    const context = setup();
    const before = await profiles.syncUser(context.profileDeps, context.identity, {});
    expect(await documents.removeDocument(context.deps, context.identity, 'cover-letter')).toEqual({ deleted: false });
    expect(await profiles.getProfile(context.profileDeps, context.identity)).toEqual(before);
  });
});
