import type { APIRequestContext, Page } from '@playwright/test';
import { historyDb, recordPastConversation, signedInIdentity } from './fixtures/history';
import { expect, test } from './fixtures/test';
import { ContactsPage } from './pages/ContactsPage';
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

test('the contacts table says what the pipeline says: a contact who replied reads Replied, and its filter finds them', async ({
  page,
  request,
  appShell,
  signedInUser: _signedIn,
  capture,
}) => {
  const pipeline = new PipelinePage(page);
  const contacts = new ContactsPage(page);
  const { token, uid } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };
  const add = async (name: string, email: string) => {
    const created = await request.post(`${apiUrl}/api/contacts`, { headers, data: { name, email } });
    expect(created.status()).toBe(201);
    return (await created.json()).data.id as string;
  };
  const ada = await add('Ada Lovelace', 'ada@analytical-engines.example');
  const alan = await add('Alan Turing', 'alan@bletchley.example');
  await add('Grace Hopper', 'grace@navy.example');

  await test.step('an e-mail goes to Ada and Alan; Ada answers', async () => {
    const db = historyDb();
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await recordPastConversation(db, uid, {
      contactId: ada,
      to: 'ada@analytical-engines.example',
      from: 'me@gmail.example',
      sentAt: hourAgo,
      repliedAt: new Date(),
    });
    await recordPastConversation(db, uid, {
      contactId: alan,
      to: 'alan@bletchley.example',
      from: 'me@gmail.example',
      sentAt: hourAgo,
    });
  });

  await test.step('the board shows Ada under Replied and Alan under Contacted', async () => {
    await appShell.open('Pipeline');
    await expect(page.getByRole('heading', { name: 'Pipeline', level: 1 })).toBeVisible();
    await expect(pipeline.cardIn('replied', 'Ada Lovelace')).toBeVisible();
    await expect(pipeline.cardIn('contacted', 'Alan Turing')).toBeVisible();
  });

  await test.step("the contacts table's Relationship says the same, and New for Grace, never e-mailed", async () => {
    // loaded afresh: the history above was written to the table directly, which tells no open tab (a send does), and
    // the dashboard's list was read as the page signed in, while it was being written
    await contacts.goto();
    await expect(contacts.card()).toBeVisible();
    await expect(contacts.row('Ada Lovelace').getByTestId('contact-relationship')).toHaveText('Replied');
    await expect(contacts.row('Alan Turing').getByTestId('contact-relationship')).toHaveText('Contacted');
    await expect(contacts.row('Grace Hopper').getByTestId('contact-relationship')).toHaveText('New');
    await capture('contacts-relationship-follows-pipeline');
  });

  await test.step('the Relationship filter offers the stages and finds who replied; a filter with no match says so', async () => {
    const filter = page.getByLabel('Filter by relationship');
    await expect(filter.getByRole('option')).toHaveText([
      'Relationship',
      'New',
      'Contacted',
      'Replied',
      'Meeting scheduled',
      'Closed',
    ]);
    await filter.selectOption({ label: 'Replied' });
    await expect(contacts.rows()).toHaveCount(1);
    await expect(contacts.rows().first()).toContainText('Ada Lovelace');
    await capture('contacts-relationship-filter-replied');
    await filter.selectOption({ label: 'Meeting scheduled' });
    await expect(contacts.card()).toContainText('No contacts match this search or filter');
    await expect(contacts.card()).not.toContainText('No data');
    await capture('contacts-relationship-filter-no-match');
  });
});
