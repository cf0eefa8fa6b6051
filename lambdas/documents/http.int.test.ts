import { beforeAll, describe, expect, it } from 'vitest';
import { limits } from '../../shared/constants.js';
import { messages } from '../../shared/messages.js';
import { rateLimits } from '../data/rate-limit.js';
import { userClaims } from '../test/api-event.js';
import { answerOf, callRoute } from '../test/call-route.js';
import { createS3Client, s3Storage, userPrefix } from '../providers/storage/storage.js';
import { browserUpload } from './test/browser-upload.js';
import {
  drawingOperators,
  pdfBomb,
  sampleDoc,
  sampleDocx,
  samplePdf,
  samplePng,
  zipBombDocx,
} from './test/sample-documents.js';

const storage = s3Storage(createS3Client(), process.env.BUCKET_NAME ?? '');

type Claims = ReturnType<typeof userClaims>;
const profileOf = async (claims: Claims) => (await callRoute('GET /api/profiles', { claims })).json.data;

const pdfType = 'application/pdf';
const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const processRoute = {
  resume: 'POST /api/profiles/resume',
  'cover-letter': 'POST /api/profiles/cover-letter',
  background: 'POST /process-file',
} as const;
type Purpose = keyof typeof processRoute;

const ticketFor = async (claims: Claims, purpose: Purpose, fileName: string, contentType: string, size: number) => {
  const body = { purpose, fileName, contentType, size };
  const { status, json } = await callRoute('POST /api/uploads', { claims, body });
  expect(json).toMatchObject({ success: true });
  expect(status).toBe(200);
  return json.data;
};

const postForm = async (...args: Parameters<typeof browserUpload>) => expect(await browserUpload(...args)).toBe(204);

/** Ticket, upload, then processing: the web's whole flow for one file. */
const uploadAndProcess = async (
  claims: Claims,
  purpose: Purpose,
  file: { name: string; type: string; bytes: Uint8Array; claimedSize?: number },
  extra: Record<string, unknown> = {},
) => {
  const ticket = await ticketFor(claims, purpose, file.name, file.type, file.claimedSize ?? file.bytes.length);
  await postForm(ticket, file.bytes, file.name);
  const body = { key: ticket.key, ...extra };
  const processed = await callRoute(processRoute[purpose], { claims, body });
  return { ticket, ...processed };
};

const utf8 = (text: string) => new TextEncoder().encode(text);
const textFile = (name: string, text: string) => ({ name, type: 'text/plain', bytes: utf8(text) });

const storedKeys = async (claims: Claims) => (await storage.list(userPrefix(claims.sub))).map((object) => object.key);
/** where the document of a processed upload is kept: its key without the staging folder */
const keptKey = (uploadKey: string) => uploadKey.replace(/^(users\/[^/]+\/)staging\//, '$1');

// the Lambda loaded before a test times a request (a ticket's expiry is checked to the second)
beforeAll(() => import('./http.js'));

describe('documents Lambda: upload tickets', () => {
  it('gives a presigned POST for a key in the caller’s staging folder, tagged to expire, valid about ten minutes', async () => {
    const claims = userClaims();
    const before = Date.now();
    const ticket = await ticketFor(claims, 'resume', 'Ada Lovelace CV.pdf', pdfType, 52_000);
    const answered = Date.now();
    expect(ticket.key).toMatch(
      new RegExp(`^users/${claims.sub}/staging/resume/[0-9A-HJKMNP-TV-Z]{26}-Ada-Lovelace-CV\\.pdf$`),
    );
    expect(ticket.maxBytes).toBe(limits.fileBytes);
    const tagging = '<Tagging><TagSet><Tag><Key>lifecycle</Key><Value>staging</Value></Tag></TagSet></Tagging>';
    expect(ticket.fields).toMatchObject({
      key: ticket.key,
      'Content-Type': pdfType,
      tagging,
      Policy: expect.any(String),
    });
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy!, 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    // the tag is pinned like every field: an upload cannot shed it and escape the expiry
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, limits.fileBytes],
        ['eq', '$Content-Type', pdfType],
        ['eq', '$tagging', tagging],
      ]),
    );
    // ten minutes from the request, however long the request took on a loaded machine
    const expiresAt = new Date(ticket.expiresAt).getTime();
    expect(expiresAt - before).toBeGreaterThan(9 * 60_000);
    expect(expiresAt - answered).toBeLessThanOrEqual(10 * 60_000 + 1_000);
  });

  it('refuses over 5 MB, empty, and types not allowed or not fitting the name, storing nothing', async () => {
    const claims = userClaims();
    const refusals = [
      [{ fileName: 'big.pdf', contentType: pdfType, size: limits.fileBytes + 1 }, messages.documents.tooLarge],
      [{ fileName: 'empty.pdf', contentType: pdfType, size: 0 }, messages.documents.noFile],
      [{ fileName: 'photo.png', contentType: 'image/png', size: 1000 }, messages.documents.invalidType],
      [{ fileName: 'cv.exe', contentType: pdfType, size: 1000 }, messages.documents.invalidType],
      [{ fileName: 'cv.docx', contentType: 'text/plain', size: 1000 }, messages.documents.invalidType],
    ] as const;
    for (const [body, error] of refusals) {
      const { status, json } = await callRoute('POST /api/uploads', { claims, body: { purpose: 'resume', ...body } });
      expect({ status, error: json.error }).toEqual({ status: 400, error });
    }
    const unknownPurpose = { purpose: 'avatar', fileName: 'a.pdf', contentType: pdfType, size: 1 };
    const invalid = await callRoute('POST /api/uploads', { claims, body: unknownPurpose, offSchema: true });
    expect({ status: invalid.status, code: invalid.json.code }).toEqual({ status: 400, code: 'validation_failed' });
    expect(await storedKeys(claims)).toEqual([]);
  });

  it('accepts exactly 5 MB', async () => {
    const ticket = await ticketFor(userClaims(), 'background', 'notes.txt', 'text/plain', limits.fileBytes);
    expect(ticket.key).toContain('/staging/background/');
  });

  it('gives a user a burst of tickets, then 429 with Retry-After and the spec’s text; other users are not held', async () => {
    const claims = userClaims();
    const body = { purpose: 'resume', fileName: 'cv.txt', contentType: 'text/plain', size: 10 } as const;
    const burstStarted = Date.now();
    for (let index = 0; index < rateLimits.uploadTicket.capacity; index += 1) {
      expect((await callRoute('POST /api/uploads', { claims, body })).status).toBe(200);
    }
    const refused = await callRoute('POST /api/uploads', { claims, body });
    expect({ status: refused.status, error: refused.json.error }).toEqual({
      status: 429,
      error: messages.status[429],
    });
    // the next token is back one refill after the burst's first ticket: the wait is that, less the burst's own time
    const { refillEveryMs } = rateLimits.uploadTicket;
    const retryAfter = Number(refused.headers['Retry-After']);
    expect(retryAfter).toBeLessThanOrEqual(refillEveryMs / 1000);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor((refillEveryMs - (Date.now() - burstStarted)) / 1000));
    expect((await callRoute('POST /api/uploads', { claims: userClaims(), body })).status).toBe(200);
  });
});

describe('documents Lambda: processing', () => {
  it('processes a real PDF résumé: answers the spec’s shape, keeps the text and file on the profile', async () => {
    const claims = userClaims();
    const bytes = await samplePdf(['Ada Lovelace', 'First programmer, Analytical Engine']);
    const file = { name: 'Ada Lovelace CV.pdf', type: pdfType, bytes };
    const { status, json, ticket } = await uploadAndProcess(claims, 'resume', file);
    expect(status).toBe(200);
    expect(json.data).toEqual({
      fileName: 'Ada Lovelace CV.pdf',
      fileSize: bytes.length,
      fileUrl: expect.stringMatching(/^http/),
      content: 'Ada Lovelace\nFirst programmer, Analytical Engine',
      lastUpdated: expect.any(String),
    });
    const download = await fetch(json.data.fileUrl);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
    // moved out of the staging folder: kept under users/<sub>/resume/, nothing left to expire
    expect(await storedKeys(claims)).toEqual([keptKey(ticket.key)]);
    expect(keptKey(ticket.key)).toMatch(new RegExp(`^users/${claims.sub}/resume/[0-9A-Z]{26}-Ada-Lovelace-CV\\.pdf$`));

    expect(await profileOf(claims)).toMatchObject({
      resumeFileName: 'Ada Lovelace CV.pdf',
      resumeFileSize: bytes.length,
      resumeFileURL: expect.stringMatching(/^http/),
      resumeLastUpdated: json.data.lastUpdated,
      resumeContent: 'Ada Lovelace\nFirst programmer, Analytical Engine',
    });
  });

  it('processes a real DOCX cover letter with the company it is for', async () => {
    const claims = userClaims();
    const bytes = sampleDocx(['Dear hiring team,', 'I would love to build engines with you.']);
    const { status, json } = await uploadAndProcess(
      claims,
      'cover-letter',
      { name: 'letter.docx', type: docxType, bytes },
      { company: 'Babbage & Co' },
    );
    expect(status).toBe(200);
    expect(json.data.content).toBe('Dear hiring team,\n\nI would love to build engines with you.');
    expect(await profileOf(claims)).toMatchObject({
      coverLetterFileName: 'letter.docx',
      coverLetterFileSize: bytes.length,
      coverLetterCompany: 'Babbage & Co',
      coverLetterContent: json.data.content,
    });
  });

  it('processes a TXT background file: its text becomes the background', async () => {
    const claims = userClaims();
    const bytes = utf8('Mathematician.\r\n\r\n\r\nWrote the first published algorithm.  ');
    const file = { name: 'background.txt', type: 'text/plain', bytes };
    const { status, json } = await uploadAndProcess(claims, 'background', file);
    expect(status).toBe(200);
    expect(json.data.content).toBe('Mathematician.\n\nWrote the first published algorithm.');
    expect(await profileOf(claims)).toMatchObject({
      background: json.data.content,
      backgroundFileName: 'background.txt',
      backgroundFileSize: bytes.length,
    });
  });

  it('processes a Word 97-2003 DOC résumé', async () => {
    const claims = userClaims();
    const bytes = sampleDoc(['Katherine Johnson', 'Orbital mechanics at NASA']);
    const file = { name: 'cv.doc', type: 'application/msword', bytes };
    const { status, json } = await uploadAndProcess(claims, 'resume', file);
    expect(status).toBe(200);
    expect(json.data.content).toBe('Katherine Johnson\nOrbital mechanics at NASA');
  });

  it('refuses a file over 5 MB that was claimed small: storage refuses the upload, processing such an object deletes it', async () => {
    const claims = userClaims();
    const bytes = utf8('a'.repeat(limits.fileBytes + 10));
    const ticket = await ticketFor(claims, 'resume', 'cv.txt', 'text/plain', 1000);
    // the policy's content-length-range, as S3 answers it
    expect(await browserUpload(ticket, bytes, 'cv.txt')).toBe(400);
    expect(await storedKeys(claims)).toEqual([]);
    // an object over the limit at the ticket's key all the same (put with the app's own credentials): processing
    // checks the stored bytes too
    await storage.put(ticket.key, bytes, { contentType: 'text/plain' });
    const { status, json } = await callRoute(processRoute.resume, { claims, body: { key: ticket.key } });
    expect({ status, error: json.error }).toEqual({ status: 400, error: messages.documents.tooLarge });
    expect(await storedKeys(claims)).toEqual([]);
    expect(await profileOf(claims)).toMatchObject({ resumeFileName: '', resumeContent: '' });
  });

  it('refuses bytes that are not the type their upload claimed, deletes them and stores nothing', async () => {
    const claims = userClaims();
    const cases = [
      { name: 'photo.pdf', type: pdfType, bytes: samplePng() },
      { name: 'notes.pdf', type: pdfType, bytes: utf8('Just some text, not a PDF') },
      { name: 'cv.docx', type: docxType, bytes: await samplePdf(['a PDF dressed as DOCX']) },
      { name: 'cv.txt', type: 'text/plain', bytes: samplePng() },
    ];
    for (const file of cases) {
      const { status, json } = await uploadAndProcess(claims, 'resume', file);
      const expected = { file: file.name, status: 400, error: messages.documents.invalidType };
      expect({ file: file.name, status, error: json.error }).toEqual(expected);
    }
    expect(await storedKeys(claims)).toEqual([]);
  });

  it('refuses an upload of another type than its ticket’s: storage refuses the form, processing such an object', async () => {
    const claims = userClaims();
    const ticket = await ticketFor(claims, 'resume', 'cv.pdf', pdfType, 100);
    // the policy pins Content-Type, as S3 answers it
    expect(await browserUpload(ticket, samplePng(), 'cv.pdf', { 'Content-Type': 'image/png' })).toBe(403);
    expect(await storedKeys(claims)).toEqual([]);
    // an object of another type at the ticket's key all the same (put with the app's own credentials)
    await storage.put(ticket.key, samplePng(), { contentType: 'image/png' });
    const { status, json } = await callRoute('POST /api/profiles/resume', { claims, body: { key: ticket.key } });
    expect({ status, error: json.error }).toEqual({ status: 400, error: messages.documents.invalidType });
    expect(await storedKeys(claims)).toEqual([]);
  });

  it('refuses a document it cannot read with the failure text of its kind and deletes it', async () => {
    const claims = userClaims();
    const broken = utf8('%PDF-1.7\nthis is not a readable PDF at all');
    const expected = {
      resume: messages.documents.resumeFailed,
      'cover-letter': messages.documents.coverLetterFailed,
      background: messages.documents.backgroundFailed,
    } as const;
    for (const purpose of ['resume', 'cover-letter', 'background'] as const) {
      const file = { name: 'broken.pdf', type: pdfType, bytes: broken };
      const { status, json } = await uploadAndProcess(claims, purpose, file);
      expect({ status, error: json.error }).toEqual({ status: 422, error: expected[purpose] });
    }
    expect(await storedKeys(claims)).toEqual([]);
  });

  it('refuses a crafted DOCX and PDF of under 3 MB with 400 and a clear text, deletes them, then reads the next file', async () => {
    const claims = userClaims();
    const crafted = [
      // a zip bomb that declares 1 KiB for 400 MiB of XML
      { name: 'bomb.docx', type: docxType, bytes: await zipBombDocx({ mebibytes: 400, declaredSize: 1024 }) },
      // a page whose content inflates to a gigabyte of drawing: minutes and gigabytes for a reader
      { name: 'endless.pdf', type: pdfType, bytes: await pdfBomb({ mebibytes: 1000, operators: drawingOperators }) },
    ];
    for (const file of crafted) {
      expect(file.bytes.length).toBeLessThan(3 * 1024 * 1024);
      const { status, json } = await uploadAndProcess(claims, 'resume', file);
      expect({ file: file.name, status, error: json.error }).toEqual({
        file: file.name,
        status: 400,
        error: messages.documents.tooComplex,
      });
    }
    expect(await storedKeys(claims)).toEqual([]);
    const next = await uploadAndProcess(claims, 'resume', {
      name: 'cv.pdf',
      type: pdfType,
      bytes: await samplePdf(['Read as usual']),
    });
    expect({ status: next.status, content: next.json.data.content }).toEqual({ status: 200, content: 'Read as usual' });
  }, 60_000);

  it('answers No file provided when nothing was uploaded for the key', async () => {
    const claims = userClaims();
    const ticket = await ticketFor(claims, 'resume', 'cv.pdf', pdfType, 100);
    const { status, json } = await callRoute('POST /api/profiles/resume', { claims, body: { key: ticket.key } });
    expect({ status, error: json.error }).toEqual({ status: 400, error: messages.documents.noFile });
  });

  it('answers 404 for a key of another kind, or one it did not make, even under the caller’s prefix', async () => {
    const claims = userClaims();
    const ticket = await ticketFor(claims, 'resume', 'cv.txt', 'text/plain', 5);
    await postForm(ticket, utf8('hello'), 'cv.txt');
    for (const [path, key] of [
      ['/process-file', ticket.key],
      ['/api/profiles/cover-letter', ticket.key],
      ['/api/profiles/resume', `${userPrefix(claims.sub)}staging/resume/../resume/x.txt`],
      ['/api/profiles/resume', `${userPrefix(claims.sub)}cv.txt`],
      // the key a processed document is kept under is no upload
      ['/api/profiles/resume', keptKey(ticket.key)],
    ] as const) {
      const { status, json } = await callRoute(`POST ${path}`, { claims, body: { key } });
      expect({ path, key, status, error: json.error }).toEqual({ path, key, status: 404, error: messages.status[404] });
    }
    expect(await storedKeys(claims)).toEqual([ticket.key]);
  });

  it('processing the same upload twice (a retried request) reads the document kept from it, and keeps it', async () => {
    const claims = userClaims();
    const bytes = utf8('Twice is fine');
    const first = await uploadAndProcess(claims, 'resume', { name: 'cv.txt', type: 'text/plain', bytes });
    const again = await callRoute('POST /api/profiles/resume', { claims, body: { key: first.ticket.key } });
    expect({ status: again.status, content: again.json.data.content }).toEqual({
      status: 200,
      content: 'Twice is fine',
    });
    expect(await storedKeys(claims)).toEqual([keptKey(first.ticket.key)]);
  });

  it('replacing a document deletes the old file once the new one is stored and processed', async () => {
    const claims = userClaims();
    const first = await uploadAndProcess(claims, 'resume', textFile('old.txt', 'Old résumé'));
    const refused = await uploadAndProcess(claims, 'resume', { name: 'bad.pdf', type: pdfType, bytes: samplePng() });
    expect(refused.status).toBe(400);
    expect(await storedKeys(claims)).toEqual([keptKey(first.ticket.key)]);

    const replacement = { name: 'new.pdf', type: pdfType, bytes: await samplePdf(['New résumé']) };
    const second = await uploadAndProcess(claims, 'resume', replacement);
    expect(second.status).toBe(200);
    expect(await storedKeys(claims)).toEqual([keptKey(second.ticket.key)]);
    expect(await profileOf(claims)).toMatchObject({ resumeFileName: 'new.pdf', resumeContent: 'New résumé' });
  });

  it('keeps different kinds of documents side by side', async () => {
    const claims = userClaims();
    const resume = await uploadAndProcess(claims, 'resume', textFile('cv.txt', 'CV'));
    const letter = await uploadAndProcess(claims, 'cover-letter', textFile('l.txt', 'Letter'));
    expect((await storedKeys(claims)).sort()).toEqual([keptKey(resume.ticket.key), keptKey(letter.ticket.key)].sort());
  });
});

describe('documents Lambda: removal', () => {
  it('removes a résumé: the file, its fields and its text; a second removal answers deleted false', async () => {
    const claims = userClaims();
    await uploadAndProcess(claims, 'resume', textFile('cv.txt', 'My CV'));
    const removed = await callRoute('DELETE /api/profiles/resume', { claims });
    expect(answerOf(removed)).toEqual({ status: 200, json: { success: true, data: { deleted: true } } });
    expect(await storedKeys(claims)).toEqual([]);
    expect(await profileOf(claims)).toMatchObject({
      resumeFileName: '',
      resumeFileURL: '',
      resumeFileSize: 0,
      resumeLastUpdated: null,
      resumeContent: '',
    });
    expect((await callRoute('DELETE /api/profiles/resume', { claims })).json.data).toEqual({ deleted: false });
  });

  it('removes a cover letter with its text and company', async () => {
    const claims = userClaims();
    await uploadAndProcess(claims, 'cover-letter', textFile('l.txt', 'Letter'), { company: 'Acme' });
    expect((await callRoute('DELETE /api/profiles/cover-letter', { claims })).json.data).toEqual({ deleted: true });
    expect(await storedKeys(claims)).toEqual([]);
    expect(await profileOf(claims)).toMatchObject({
      coverLetterFileName: '',
      coverLetterContent: '',
      coverLetterCompany: '',
      coverLetterLastUpdated: null,
    });
  });

  it('removes a background file but keeps the background text, which is the user’s own by then', async () => {
    const claims = userClaims();
    await uploadAndProcess(claims, 'background', textFile('bg.txt', 'My story'));
    expect((await callRoute('DELETE /api/profiles/background-file', { claims })).json.data).toEqual({ deleted: true });
    expect(await storedKeys(claims)).toEqual([]);
    expect(await profileOf(claims)).toMatchObject({
      background: 'My story',
      backgroundFileName: '',
      backgroundLastUpdated: null,
    });
    expect((await callRoute('DELETE /api/profiles/background-file', { claims })).json.data).toEqual({ deleted: false });
  });

  it('answers deleted false to a user who never had a profile or a document', async () => {
    const claims = userClaims();
    for (const path of [
      '/api/profiles/resume',
      '/api/profiles/cover-letter',
      '/api/profiles/background-file',
    ] as const) {
      const answer = await callRoute(`DELETE ${path}`, { claims });
      expect(answerOf(answer)).toEqual({
        status: 200,
        json: { success: true, data: { deleted: false } },
      });
    }
  });
});

describe('documents Lambda: tenant isolation', () => {
  it("one user cannot process, replace or delete another user's documents", async () => {
    const alice = userClaims({ name: 'Alice' });
    const bob = userClaims({ name: 'Bob' });
    const alices = await uploadAndProcess(alice, 'resume', textFile('alice.txt', 'Alice CV'));
    const pending = await ticketFor(alice, 'background', 'bg.txt', 'text/plain', 5);
    await postForm(pending, utf8('Alice'), 'bg.txt');

    for (const [path, key] of [
      ['/api/profiles/resume', alices.ticket.key],
      ['/api/profiles/resume', keptKey(alices.ticket.key)],
      ['/process-file', pending.key],
      ['/api/profiles/cover-letter', alices.ticket.key],
    ] as const) {
      const { status, json } = await callRoute(`POST ${path}`, { claims: bob, body: { key } });
      expect({ path, status, error: json.error }).toEqual({ path, status: 404, error: messages.status[404] });
    }
    // Bob's own résumé, then his removals, touch only his items and files
    await uploadAndProcess(bob, 'resume', textFile('bob.txt', 'Bob CV'));
    expect((await callRoute('DELETE /api/profiles/resume', { claims: bob })).json.data).toEqual({ deleted: true });
    expect((await callRoute('DELETE /api/profiles/background-file', { claims: bob })).json.data).toEqual({
      deleted: false,
    });

    expect((await storedKeys(alice)).sort()).toEqual([keptKey(alices.ticket.key), pending.key].sort());
    expect(await profileOf(alice)).toMatchObject({ resumeFileName: 'alice.txt', resumeContent: 'Alice CV' });
    expect(await storedKeys(bob)).toEqual([]);
  });
});
