import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

/** The live events (DESIGN §8) a tab's socket receives, as the page's own WebSocket gets them. */
const liveFrames = (page: Page) => {
  const frames: { type: string; data: Record<string, unknown> }[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/ws')) return;
    socket.on('framereceived', (frame) => frames.push(JSON.parse(String(frame.payload))));
  });
  return frames;
};

/** The ID token the app keeps for the signed-in person (Amplify's storage). */
const idTokenOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

test('a draft saved in one place reaches every open tab of its person at once', async ({
  page,
  context,
  request,
  signedInUser: _signedIn,
}) => {
  // the first tab's socket opened at sign-in: reload it to watch a fresh one, then open a second tab
  const first = liveFrames(page);
  await page.reload();
  const second = await context.newPage();
  const secondFrames = liveFrames(second);
  await second.goto('/dashboard');
  // each tab opens its socket once the signed-in app is up: a full load from the dev server, as SignInPage.goto allows
  for (const tab of [page, second]) await expect(tab.getByTestId('app-sidebar')).toBeVisible({ timeout: 30_000 });

  const token = await idTokenOf(page);
  expect(token).toBeTruthy();
  const headers = { Authorization: `Bearer ${token}` };
  const contact = await request.post(`${apiUrl}/api/contacts`, { headers, data: { name: 'Grace Hopper' } });
  expect(contact.status()).toBe(201);
  const contactId = (await contact.json()).data.id as string;

  // a tab's socket may still be opening: save again until both tabs have an event of this contact
  const arrived = (frames: typeof first) =>
    frames.some((frame) => frame.type === 'draft.saved' && frame.data.contactId === contactId);
  await expect
    .poll(
      async () => {
        if (!arrived(first) || !arrived(secondFrames)) {
          const saved = await request.post(`${apiUrl}/api/drafts`, {
            headers,
            data: { contactId, subject: 'Hello', body: 'A short note' },
          });
          expect(saved.ok()).toBe(true);
        }
        return arrived(first) && arrived(secondFrames);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
});
