import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { PipelinePage, type PipelineStageKey } from './pages/PipelinePage';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

/** The ID token the app keeps for the signed-in person (Amplify's storage). */
const idTokenOf = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

/** Adds a contact by hand and puts it in `stage` through the API, as the person could have. */
const seedContact = async (
  request: APIRequestContext,
  token: string,
  contact: { name: string; company: string; jobTitle: string; stage: PipelineStageKey },
) => {
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post(`${apiUrl}/api/contacts`, {
    headers,
    data: {
      name: contact.name,
      company: contact.company,
      job_title: contact.jobTitle,
      email: `${contact.name.toLowerCase().replace(' ', '.')}@analytical-engines.example`,
    },
  });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;
  const moved = await request.patch(`${apiUrl}/api/pipeline/${id}`, { headers, data: { stage: contact.stage } });
  expect(moved.status()).toBe(200);
  return id;
};

test('cards move between pipeline stages by mouse, by keyboard and by moves made elsewhere, and stay there', async ({
  page,
  request,
  signedInUser: _signedIn,
  capture,
}) => {
  const pipeline = new PipelinePage(page);
  const token = await idTokenOf(page);
  expect(token).toBeTruthy();
  const ada = await seedContact(request, token!, {
    name: 'Ada Lovelace',
    company: 'Analytical Engines',
    jobTitle: 'Mathematician',
    stage: 'contacted',
  });
  await seedContact(request, token!, {
    name: 'Alan Turing',
    company: 'Bletchley Park',
    jobTitle: 'Cryptanalyst',
    stage: 'contacted',
  });

  await test.step('the board shows each contact in its stage, with where they work and how to reach them', async () => {
    await pipeline.goto();
    await expect(pipeline.cardIn('contacted', 'Ada Lovelace')).toContainText('Mathematician · Analytical Engines');
    await expect(pipeline.cardIn('contacted', 'Ada Lovelace')).toContainText('ada.lovelace@analytical-engines.example');
    await expect(page.getByTestId(`pipeline-card-${ada}`)).toContainText('in stage');
    await expect(pipeline.stage('replied')).toContainText('No contacts');
    await capture('pipeline-board');
  });

  await test.step('a card dragged with the mouse to Replied is stored there', async () => {
    expect((await pipeline.dragWithPointer('Alan Turing', 'replied')).ok()).toBe(true);
    await expect(pipeline.cardIn('replied', 'Alan Turing')).toBeVisible();
  });

  await test.step('a card moved with the keyboard two stages on lands in Meeting scheduled, and is said so', async () => {
    expect((await pipeline.moveWithKeyboard('Ada Lovelace', 2)).ok()).toBe(true);
    await expect(pipeline.cardIn('meeting_scheduled', 'Ada Lovelace')).toBeVisible();
    await expect(pipeline.announcement()).toContainText('Ada Lovelace was moved to Meeting scheduled.');
  });

  await test.step('the moves hold across a reload', async () => {
    await page.reload();
    await expect(pipeline.cardIn('meeting_scheduled', 'Ada Lovelace')).toBeVisible();
    await expect(pipeline.cardIn('replied', 'Alan Turing')).toBeVisible();
    await expect(pipeline.stage('contacted')).toContainText('No contacts');
  });

  await test.step("a click on a card opens the contact's drawer", async () => {
    await pipeline.card('Alan Turing').click();
    await expect(page.getByRole('dialog')).toContainText('Cryptanalyst');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  await test.step('a move made elsewhere (another tab, the API) reaches the open board without a reload', async () => {
    const moved = await request.patch(`${apiUrl}/api/pipeline/${ada}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { stage: 'closed' },
    });
    expect(moved.status()).toBe(200);
    await expect(pipeline.cardIn('closed', 'Ada Lovelace')).toBeVisible();
    await expect(pipeline.stage('meeting_scheduled')).toContainText('No contacts');
  });
});
