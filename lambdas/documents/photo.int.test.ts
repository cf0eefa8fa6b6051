import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import { userClaims } from '../test/api-event.js';
import { callRoute } from '../test/call-route.js';
import { createS3Client, s3Storage, userPrefix } from '../providers/storage/storage.js';
import { browserUpload } from './test/browser-upload.js';
import {
  htmlPage,
  pngWithHtmlAfter,
  samplePhotoJpeg,
  samplePhotoPng,
  samplePhotoWebp,
  scriptedSvg,
} from './test/sample-photos.js';

const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME ?? '');

type Claims = ReturnType<typeof userClaims>;
type Photo = { name: string; type: string; bytes: Uint8Array };

const profileOf = async (claims: Claims) => (await callRoute('GET /api/profiles', { claims })).json.data;
const storedKeys = async (claims: Claims) => (await storage.list(userPrefix(claims.sub))).map((object) => object.key);

const ticketFor = async (claims: Claims, { name, type, bytes }: Photo) => {
  const body = { purpose: 'photo' as const, fileName: name, contentType: type, size: bytes.length };
  const { status, json } = await callRoute('POST /api/uploads', { claims, body });
  expect({ status, success: json.success }).toEqual({ status: 200, success: true });
  return json.data;
};

/** The web's flow for a photo: ticket, the browser's upload, then POST /api/profiles/photo. */
const uploadPhoto = async (claims: Claims, photo: Photo) => {
  const ticket = await ticketFor(claims, photo);
  expect(await browserUpload(ticket, photo.bytes, photo.name)).toBe(204);
  return { ticket, ...(await callRoute('POST /api/profiles/photo', { claims, body: { key: ticket.key } })) };
};

const png = (bytes = samplePhotoPng()): Photo => ({ name: 'me.png', type: 'image/png', bytes });

/** The bytes a browser gets from the profile's photo link. */
const fetchPhoto = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};

beforeAll(() => import('./http.js'));

describe('profile photo (SPEC §3 photoURL)', () => {
  it('keeps an uploaded PNG, JPEG or WebP: the profile’s photoURL is a link to it, until it is removed', async () => {
    for (const photo of [
      png(),
      { name: 'me.jpg', type: 'image/jpeg', bytes: samplePhotoJpeg(512, 512) },
      { name: 'me.webp', type: 'image/webp', bytes: samplePhotoWebp(512, 512) },
    ]) {
      const claims = userClaims();
      expect((await profileOf(claims)).photoURL).toBe('');
      const { status, json, ticket } = await uploadPhoto(claims, photo);
      expect({ status, error: json.error }).toEqual({ status: 200, error: undefined });
      const kept = ticket.key.replace('/staging/', '/');
      expect(await storedKeys(claims)).toEqual([kept]);

      const { photoURL } = await profileOf(claims);
      expect(new URL(json.data.photoURL).pathname).toContain(kept);
      expect(new URL(photoURL).pathname).toContain(kept);
      // signed: the bucket is private, the link alone opens it
      expect(new URL(photoURL).searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(await fetchPhoto(photoURL)).toEqual({ status: 200, bytes: photo.bytes });

      const removed = await callRoute('DELETE /api/profiles/photo', { claims });
      expect(removed.json.data).toEqual({ deleted: true });
      expect((await profileOf(claims)).photoURL).toBe('');
      expect(await storedKeys(claims)).toEqual([]);
      expect((await callRoute('DELETE /api/profiles/photo', { claims })).json.data).toEqual({ deleted: false });
    }
  });

  it('replaces a photo: the old file is deleted', async () => {
    const claims = userClaims();
    const first = await uploadPhoto(claims, png());
    const second = await uploadPhoto(claims, png(samplePhotoPng(8, 8, { rgb: [200, 10, 10] })));
    expect(second.status).toBe(200);
    expect(await storedKeys(claims)).toEqual([second.ticket.key.replace('/staging/', '/')]);
    expect(first.ticket.key).not.toBe(second.ticket.key);
  });

  it('refuses an SVG, other types, 50 MB and empty files at the ticket, storing nothing', async () => {
    const claims = userClaims();
    const refusals = [
      [{ fileName: 'me.svg', contentType: 'image/svg+xml', size: 900 }, messages.documents.photoInvalidType],
      [{ fileName: 'me.png', contentType: 'image/svg+xml', size: 900 }, messages.documents.photoInvalidType],
      [{ fileName: 'me.svg', contentType: 'image/png', size: 900 }, messages.documents.photoInvalidType],
      [{ fileName: 'me.gif', contentType: 'image/gif', size: 900 }, messages.documents.photoInvalidType],
      [{ fileName: 'cv.pdf', contentType: 'application/pdf', size: 900 }, messages.documents.photoInvalidType],
      [{ fileName: 'me.png', contentType: 'image/png', size: 50 * 1024 * 1024 }, messages.documents.tooLarge],
      [{ fileName: 'me.png', contentType: 'image/png', size: 0 }, messages.documents.noFile],
    ] as const;
    for (const [body, error] of refusals) {
      const { status, json } = await callRoute('POST /api/uploads', { claims, body: { purpose: 'photo', ...body } });
      expect({ body, status, error: json.error }).toEqual({ body, status: 400, error });
    }
    expect(await storedKeys(claims)).toEqual([]);
  });

  it('refuses a crafted upload by its bytes with a 400 in the spec’s words and deletes it: nothing stays stored', async () => {
    const crafted: [string, Photo, string][] = [
      ['an SVG renamed .png', png(scriptedSvg()), messages.documents.photoInvalidType],
      ['an HTML page renamed .png', png(htmlPage()), messages.documents.photoInvalidType],
      ['a PNG with a page after its end', png(pngWithHtmlAfter()), messages.documents.photoInvalidType],
      [
        'a PNG claimed as a JPEG',
        { name: 'me.jpg', type: 'image/jpeg', bytes: samplePhotoPng() },
        messages.documents.photoInvalidType,
      ],
      [
        'a decompression bomb (100,000 px a side in a few bytes)',
        png(samplePhotoPng(1, 1, { declared: { width: 100_000, height: 100_000 } })),
        messages.documents.photoTooManyPixels,
      ],
    ];
    for (const [what, photo, error] of crafted) {
      const claims = userClaims();
      const { status, json } = await uploadPhoto(claims, photo);
      expect({ what, status, error: json.error }).toEqual({ what, status: 400, error });
      expect(await storedKeys(claims)).toEqual([]);
      expect((await profileOf(claims)).photoURL).toBe('');
    }
  });

  it('refuses a stored object over 5 MB (local storage enforces no policy) and deletes it', async () => {
    const claims = userClaims();
    const ticket = await ticketFor(claims, png());
    const big = new Uint8Array(limits.fileBytes + 1);
    big.set(samplePhotoPng());
    await storage.put(ticket.key, big, { contentType: 'image/png' });
    const { status, json } = await callRoute('POST /api/profiles/photo', { claims, body: { key: ticket.key } });
    expect({ status, error: json.error }).toEqual({ status: 400, error: messages.documents.tooLarge });
    expect(await storedKeys(claims)).toEqual([]);
  });

  it("one user can neither keep nor remove another user's photo, and never learns its key", async () => {
    const alice = userClaims({ name: 'Alice' });
    const bob = userClaims({ name: 'Bob' });
    const alices = await uploadPhoto(alice, png());
    const pending = await ticketFor(alice, png());
    expect(await browserUpload(pending, samplePhotoPng(), 'me.png')).toBe(204);
    for (const key of [alices.ticket.key, alices.ticket.key.replace('/staging/', '/'), pending.key]) {
      const { status } = await callRoute('POST /api/profiles/photo', { claims: bob, body: { key } });
      expect({ key, status }).toEqual({ key, status: 404 });
    }
    expect((await callRoute('DELETE /api/profiles/photo', { claims: bob })).json.data).toEqual({ deleted: false });
    expect((await profileOf(bob)).photoURL).toBe('');
    expect((await storedKeys(alice)).sort()).toEqual([alices.ticket.key.replace('/staging/', '/'), pending.key].sort());
    expect(await fetchPhoto((await profileOf(alice)).photoURL)).toMatchObject({ status: 200 });
  });

  it('keeps a Google sign-in’s picture until the user uploads a photo or removes it, and a later sign-in does not bring it back', async () => {
    const picture = 'https://lh3.googleusercontent.com/a/ACg8ocK-example=s96-c';
    const claims = userClaims({ picture, identities: '[{"providerName":"Google"}]', email_verified: 'true' });
    const synced = await callRoute('POST /api/users/sync-user', { claims, body: {} });
    expect(synced.json.data.photoURL).toBe(picture);
    expect((await profileOf(claims)).photoURL).toBe(picture);

    const uploaded = await uploadPhoto(claims, png());
    expect(uploaded.status).toBe(200);
    expect(new URL((await profileOf(claims)).photoURL).pathname).toContain('/photo/');

    expect((await callRoute('DELETE /api/profiles/photo', { claims })).json.data).toEqual({ deleted: true });
    await callRoute('POST /api/users/sync-user', { claims, body: {} });
    expect((await profileOf(claims)).photoURL).toBe('');

    // a picture that is no https URL is never taken
    const plain = userClaims({ picture: 'javascript:alert(1)' });
    expect((await callRoute('POST /api/users/sync-user', { claims: plain, body: {} })).json.data.photoURL).toBe('');
  });
});
