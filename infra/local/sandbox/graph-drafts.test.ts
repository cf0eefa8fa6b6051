import { simpleParser } from 'mailparser';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.js';
import { graphDraftsVendor } from './graph-drafts.js';
import { graphMailVendor } from './graph-mail.js';
import { mailControlVendor } from './mail-page.js';
import { connectSandboxMailbox } from './mail-testing.js';
import { microsoftVendor } from './microsoft.js';
import { startSandbox, type Sandbox } from './server.js';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: await freePort(),
    vendors: [microsoftVendor, graphDraftsVendor, graphMailVendor, mailControlVendor],
    log: () => {},
  });
});
afterAll(() => sandbox.stop());

const kib = 1024;
const mib = 1024 * kib;

/** The fields of Graph's answers these tests read. */
type GraphJson = {
  id: string;
  uploadUrl: string;
  value: { id: string; name: string; size: number }[];
  error: { code: string };
};

/** A Graph call as the adapter makes it (the mailbox's token), answering status and body. */
const graph = async (
  accessToken: string,
  method: string,
  path: string,
  body?: string | object,
  contentType = 'application/json',
) => {
  const response = await fetch(`${sandbox.url}/microsoft/graph/v1.0${path}`, {
    method,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': contentType },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as GraphJson) : null };
};

const mimeOf = async (fields: ConstructorParameters<typeof MailComposer>[0]) =>
  (await new MailComposer(fields).compile().build()).toString('base64');

/** Bytes that differ at every position a range could be cut wrongly. */
const fileOf = (size: number) => Buffer.from(Uint8Array.from({ length: size }, (_, index) => (index * 7 + 3) % 256));

const put = (url: string, bytes: Buffer, range: string, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Range': range, ...headers },
    body: new Uint8Array(bytes),
  });

/** A new draft of `email` to `to` and an upload session for a file of `size` on it. */
const draftWithSession = async (email: string, size: number) => {
  const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', email);
  const draft = await graph(
    accessToken,
    'POST',
    '/me/messages',
    await mimeOf({ from: email, to: 'lee@acme.example', subject: 'Draft', text: 'Hello' }),
    'text/plain',
  );
  expect(draft.status).toBe(201);
  const session = await graph(accessToken, 'POST', `/me/messages/${draft.json!.id}/attachments/createUploadSession`, {
    AttachmentItem: { attachmentType: 'file', name: 'resume.pdf', size, contentType: 'application/pdf' },
  });
  expect(session.status).toBe(201);
  return { accessToken, draftId: draft.json!.id as string, uploadUrl: session.json!.uploadUrl as string };
};

describe("the sandbox's Graph limits and large messages", () => {
  it('refuses a sendMail over 4 MB with 413 in Graph’s error shape, and takes one under it', async () => {
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', 'big.sender@contoso.example');
    const fields = { from: 'big.sender@contoso.example', to: 'lee@acme.example', subject: 'Big' };
    const tooLarge = await mimeOf({ ...fields, attachments: [{ filename: 'cv.pdf', content: fileOf(3_200_000) }] });
    expect(tooLarge.length).toBeGreaterThan(4 * mib);
    const refused = await graph(accessToken, 'POST', '/me/sendMail', tooLarge, 'text/plain');
    expect(refused.status).toBe(413);
    expect(refused.json).toEqual({
      error: {
        code: 'RequestEntityTooLarge',
        message: 'The maximum request length supported is 4MB.',
        innerError: { date: expect.any(String), 'request-id': expect.any(String) },
      },
    });
    const small = await mimeOf({ ...fields, attachments: [{ filename: 'cv.pdf', content: fileOf(2_000_000) }] });
    expect((await graph(accessToken, 'POST', '/me/sendMail', small, 'text/plain')).status).toBe(202);
  });

  it('sends a draft with a small attachment and one uploaded in ranges, whole, with its Message-ID and threading', async () => {
    const email = 'draft.sender@contoso.example';
    const { accessToken } = await connectSandboxMailbox(sandbox.url, 'outlook', email);
    const messageId = '<draft-large-1@contoso.example>';
    const draft = await graph(
      accessToken,
      'POST',
      '/me/messages',
      await mimeOf({
        from: { name: 'Ada Lovelace', address: email },
        to: 'grace.large@navy.example',
        subject: 'Re: The engine',
        text: 'Here is my résumé.',
        messageId,
        inReplyTo: '<theirs@navy.example>',
        references: ['<first@contoso.example>', '<theirs@navy.example>'],
        headers: { 'X-Outreach-Draft-Id': '01JLARGE' },
      }),
      'text/plain',
    );
    expect(draft.status).toBe(201);
    expect(draft.json).toMatchObject({ isDraft: true, internetMessageId: messageId });
    const id = draft.json!.id as string;
    const listed = await graph(
      accessToken,
      'GET',
      `/me/mailFolders/drafts/messages?$filter=internetMessageId eq '${messageId}'&$select=id`,
    );
    expect(listed.json!.value).toEqual([{ id }]);

    const note = fileOf(200 * kib);
    const small = await graph(accessToken, 'POST', `/me/messages/${id}/attachments`, {
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: 'note.txt',
      contentType: 'text/plain',
      contentBytes: note.toString('base64'),
    });
    expect(small.status).toBe(201);

    const resume = fileOf(4_900_000);
    const session = await graph(accessToken, 'POST', `/me/messages/${id}/attachments/createUploadSession`, {
      AttachmentItem: {
        attachmentType: 'file',
        name: 'Ada résumé.pdf',
        size: resume.length,
        contentType: 'application/pdf',
      },
    });
    expect(session.status).toBe(201);
    expect(session.json).toMatchObject({
      nextExpectedRanges: ['0-'],
      uploadUrl: expect.stringContaining('authtoken='),
    });
    const chunk = 12 * 320 * kib;
    const first = await put(
      session.json!.uploadUrl,
      resume.subarray(0, chunk),
      `bytes 0-${chunk - 1}/${resume.length}`,
    );
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ nextExpectedRanges: [String(chunk)] });
    const last = await put(
      session.json!.uploadUrl,
      resume.subarray(chunk),
      `bytes ${chunk}-${resume.length - 1}/${resume.length}`,
    );
    expect(last.status).toBe(201);
    expect(last.headers.get('location')).toContain(`messages('${id}')/attachments(`);
    const attachments = await graph(accessToken, 'GET', `/me/messages/${id}/attachments?$select=name,size`);
    expect(
      attachments.json!.value.map((attachment: { name: string; size: number }) => [attachment.name, attachment.size]),
    ).toEqual([
      ['note.txt', note.length],
      ['Ada résumé.pdf', resume.length],
    ]);

    expect((await graph(accessToken, 'POST', `/me/messages/${id}/send`)).status).toBe(202);
    const sent = await graph(
      accessToken,
      'GET',
      `/me/mailFolders/sentitems/messages?$filter=internetMessageId eq '${messageId}'&$select=id`,
    );
    expect(sent.json!.value).toHaveLength(1);
    const [received] = (await (
      await fetch(`${sandbox.url}/_sandbox/mail/messages?to=grace.large@navy.example`)
    ).json()) as { id: string }[];
    const raw = Buffer.from(
      await (await fetch(`${sandbox.url}/_sandbox/mail/messages/${received!.id}/raw`)).arrayBuffer(),
    );
    const parsed = await simpleParser(raw);
    expect(parsed.messageId).toBe(messageId);
    expect(parsed.inReplyTo).toBe('<theirs@navy.example>');
    expect(parsed.references).toEqual(['<first@contoso.example>', '<theirs@navy.example>']);
    expect(parsed.headers.get('x-outreach-draft-id')).toBe('01JLARGE');
    expect(parsed.from?.value[0]).toEqual({ address: email, name: 'Ada Lovelace' });
    expect(parsed.text?.trim()).toBe('Here is my résumé.');
    expect(parsed.attachments.map((attachment) => attachment.filename)).toEqual(['note.txt', 'Ada résumé.pdf']);
    expect(parsed.attachments[1]!.content.equals(resume)).toBe(true);
    // sent: no longer a draft
    expect((await graph(accessToken, 'POST', `/me/messages/${id}/send`)).status).toBe(404);
  });

  it('enforces the upload rules: Content-Range, where the range starts, 4 MiB at most, multiples of 320 KiB but the last, no Authorization', async () => {
    const size = 5 * mib;
    const { uploadUrl, accessToken } = await draftWithSession('chunks@contoso.example', size);
    const bytes = fileOf(size);
    const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

    const noRange = await fetch(uploadUrl, { method: 'PUT', body: new Uint8Array(bytes.subarray(0, 320 * kib)) });
    expect([noRange.status, await errorOf(noRange)]).toEqual([400, 'InvalidContentRange']);
    const wrongTotal = await put(uploadUrl, bytes.subarray(0, 320 * kib), `bytes 0-${320 * kib - 1}/${size + 1}`);
    expect(wrongTotal.status).toBe(400);
    const lengthMismatch = await put(uploadUrl, bytes.subarray(0, 320 * kib), `bytes 0-${640 * kib - 1}/${size}`);
    expect([lengthMismatch.status, await errorOf(lengthMismatch)]).toEqual([400, 'InvalidContentLength']);
    // 13 x 320 KiB: a multiple, but over 4 MiB
    const overFour = 13 * 320 * kib;
    const tooLarge = await put(uploadUrl, bytes.subarray(0, overFour), `bytes 0-${overFour - 1}/${size}`);
    expect(tooLarge.status).toBe(413);
    const odd = await put(uploadUrl, bytes.subarray(0, 300 * kib), `bytes 0-${300 * kib - 1}/${size}`);
    expect([odd.status, await errorOf(odd)]).toEqual([400, 'InvalidChunkSize']);
    const withToken = await put(uploadUrl, bytes.subarray(0, 320 * kib), `bytes 0-${320 * kib - 1}/${size}`, {
      Authorization: `Bearer ${accessToken}`,
    });
    expect(withToken.status).toBe(401);
    const skipped = await put(
      uploadUrl,
      bytes.subarray(320 * kib, 640 * kib),
      `bytes ${320 * kib}-${640 * kib - 1}/${size}`,
    );
    expect(skipped.status).toBe(416);
    const forged = await put(
      uploadUrl.replace(/authtoken=[^&]+/, 'authtoken=forged'),
      bytes.subarray(0, 320 * kib),
      `bytes 0-${320 * kib - 1}/${size}`,
    );
    expect(forged.status).toBe(404);

    // what is right is taken: the largest multiple of 320 KiB under 4 MiB, then the rest (the last need not be one)
    const largest = 12 * 320 * kib;
    expect((await put(uploadUrl, bytes.subarray(0, largest), `bytes 0-${largest - 1}/${size}`)).status).toBe(200);
    expect((await put(uploadUrl, bytes.subarray(largest), `bytes ${largest}-${size - 1}/${size}`)).status).toBe(201);
    // the session is over
    expect((await put(uploadUrl, bytes.subarray(0, 320 * kib), `bytes 0-${320 * kib - 1}/${size}`)).status).toBe(404);
  });

  it('refuses an upload session under 3 MB, an attachment request over 4 MB, and drafts to a grant without Mail.ReadWrite', async () => {
    const { accessToken, draftId } = await draftWithSession('limits@contoso.example', 3 * mib);
    const smallSession = await graph(accessToken, 'POST', `/me/messages/${draftId}/attachments/createUploadSession`, {
      AttachmentItem: { attachmentType: 'file', name: 'small.pdf', size: 3 * mib - 1 },
    });
    expect([smallSession.status, smallSession.json!.error.code]).toEqual([
      400,
      'ErrorAttachmentSizeShouldNotBeLessThanMinimumSize',
    ]);
    const big = await graph(accessToken, 'POST', `/me/messages/${draftId}/attachments`, {
      '@odata.type': '#microsoft.graph.fileAttachment',
      name: 'big.pdf',
      contentBytes: fileOf(3_200_000).toString('base64'),
    });
    expect([big.status, big.json!.error.code]).toEqual([413, 'RequestEntityTooLarge']);

    const before = await connectSandboxMailbox(sandbox.url, 'outlook', 'older@contoso.example', [
      'offline_access',
      'User.Read',
      'Mail.Send',
      'Mail.Read',
    ]);
    const refused = await graph(
      before.accessToken,
      'POST',
      '/me/messages',
      await mimeOf({ from: 'older@contoso.example', to: 'lee@acme.example', subject: 'x', text: 'y' }),
      'text/plain',
    );
    expect([refused.status, refused.json!.error.code]).toEqual([403, 'ErrorAccessDenied']);
  });
});
