import type { Browser, Page } from '@playwright/test';
import { signUpThroughCognito } from './fixtures/cognito';
import { historyDb, recordPastConversation, signedInIdentity } from './fixtures/history';
import { expect, test } from './fixtures/test';
import { uniqueUser } from './fixtures/users';
import { SubscribePage } from './pages/BillingPages';
import { ContactsPage } from './pages/ContactsPage';
import { MeetingsPage } from './pages/MeetingsPage';
import { OutreachPage } from './pages/OutreachPage';
import { PipelinePage } from './pages/PipelinePage';
import { ProfilePage } from './pages/ProfilePage';
import { ReferralsPage } from './pages/ReferralsPage';
import { SettingsPage } from './pages/SettingsPage';
import { SignInPage } from './pages/SignInPage';
import { TemplatesPage } from './pages/TemplatesPage';
import { stackEnv } from './stack-env';

const apiUrl = `http://localhost:${stackEnv.LOCAL_API_PORT}`;

/**
 * The tablet, laptop and desktop windows every app page must fit, each screenshotted in both themes: 768 px is the
 * narrowest window of the app (SPEC §9), 768 to 1099 px the compact shell.
 */
const widths = [768, 900, 1024, 1280, 1440] as const;
/** The last window of the compact shell and the first of the full one: checked, in light, not screenshotted. */
const edgeWidths = [1099, 1100] as const;
/** Under 1100 px the shell keeps its sidebar compact (80 px), 256 px from there (SPEC §2). */
const sidebarWidth = (width: number) => (width < 1100 ? 80 : 256);
/** Under 1100 px the header is SPEC §2's mobile header, the logo first; the desktop header leaves it to the sidebar. */
const headerHasLogo = (width: number) => width < 1100;
const themes = ['light', 'dark'] as const;
type Theme = (typeof themes)[number];

/** the contact who answered: the drawer's conversation, the pipeline's Replied-on card, the meeting */
const replied = {
  name: 'Maximilian Alexander Montgomery-Whitfield',
  company: 'International Business Machines Corporation (Research Division)',
  job_title: 'Distinguished Engineer, Hybrid Cloud Platform Architecture',
  email: 'maximilian.montgomery-whitfield@research.ibm-example.com',
};
/** the contact whose draft opens on Outreach */
const drafted = {
  name: 'Grace Brewster Murray Hopper',
  company: 'Eckert-Mauchly Computer Corporation',
  job_title: 'Senior Mathematician and Programming Language Pioneer',
  email: 'grace.hopper@eckert-mauchly.example',
};
/** Long names, companies and titles: the values that push a column or a card wider than the window. */
const people = [
  replied,
  drafted,
  {
    name: 'Katherine Coleman Goble Johnson',
    company: 'National Aeronautics and Space Administration',
    job_title: 'Research Mathematician, Flight Research Division',
    email: 'katherine.johnson@nasa.example',
  },
  { name: 'Alan Turing', company: 'Bletchley Park', job_title: 'Cryptanalyst', email: 'alan.turing@bletchley.example' },
  { name: 'Dorothy Vaughan', company: 'NACA', job_title: 'Supervisor' },
];

/**
 * Where the page is wider than its window: the document's scroll width, and every element of the shell, the page and
 * an open drawer whose visible part (after the clipping of its scrolling ancestors) ends outside the window, that
 * scrolls sideways without being a table, or whose content is cut without an ellipsis.
 */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const describe = (element: Element) => {
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/).slice(0, 2) : [];
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join('')} "${text}"`;
    };
    const problems: string[] = [];
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide in a ${width} px window`);
    // the part of the window each element can show: its ancestors that clip sideways cut it down
    const visible = new Map<Element, { left: number; right: number }>();
    const visibleOf = (element: Element): { left: number; right: number } => {
      const known = visible.get(element);
      if (known) return known;
      const parent = element.parentElement;
      let span = { left: Number.NEGATIVE_INFINITY, right: Number.POSITIVE_INFINITY };
      if (parent && parent !== document.body) {
        const outer = visibleOf(parent);
        span = outer;
        if (getComputedStyle(parent).overflowX !== 'visible') {
          const box = parent.getBoundingClientRect();
          span = { left: Math.max(outer.left, box.left), right: Math.min(outer.right, box.right) };
        }
      }
      visible.set(element, span);
      return span;
    };
    const roots = document.querySelectorAll('.app-header, main, .ant-drawer-open .ant-drawer-section');
    for (const root of roots) {
      for (const element of [root, ...root.querySelectorAll('*')]) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) continue;
        const span = visibleOf(element);
        const left = Math.max(rect.left, span.left);
        const right = Math.min(rect.right, span.right);
        if (right > left && (right > width + 1 || left < -1)) problems.push(`${describe(element)} sticks out`);
        if (element.clientWidth <= 1 || element.scrollWidth <= element.clientWidth + 1) continue;
        // only tables and the pipeline's board scroll sideways; a field scrolls its own text, a switch slides its
        // label, a visually hidden label is 1 px on purpose
        if (element.matches('input, textarea, select, [role="switch"] *, .ant-table *, .pipeline-board')) continue;
        const style = getComputedStyle(element);
        // a box that scrolls sideways hides its right edge (the drawer's conversation ran 23 px under it); one that
        // cuts its content off without an ellipsis hides part of it
        if (style.overflowX === 'auto' || style.overflowX === 'scroll')
          problems.push(`${describe(element)} scrolls ${element.scrollWidth - element.clientWidth} px sideways`);
        else if (style.overflowX !== 'visible' && style.textOverflow !== 'ellipsis')
          problems.push(`${describe(element)} cuts ${element.scrollWidth - element.clientWidth} px off`);
      }
    }
    return problems;
  });

/** The page's title holds on one line (a squeezed header stacked 'Welcome, Jordan' one letter per line). */
const titleLines = (page: Page) =>
  page
    .getByRole('heading', { level: 1 })
    .first()
    .evaluate((heading) => {
      const lineHeight = Number.parseFloat(getComputedStyle(heading).lineHeight);
      return Math.round(heading.getBoundingClientRect().height / lineHeight);
    });

/** A page of the app as the tests open it, filled with the seeded data. */
type AppPage = { name: string; open: (page: Page) => Promise<void> };

const meetingTitle = 'Coffee with Maximilian about hybrid cloud platform architecture';

const appPages: AppPage[] = [
  {
    name: 'dashboard',
    open: async (page) => {
      const contacts = new ContactsPage(page);
      await contacts.goto();
      await expect(contacts.rows()).toHaveCount(people.length);
    },
  },
  {
    name: 'contact-drawer',
    open: async (page) => {
      const contacts = new ContactsPage(page);
      await contacts.goto();
      await contacts.open(replied.name);
      await expect(contacts.drawer().getByRole('region', { name: 'Conversation' })).toContainText('Gladly, Thursday?');
    },
  },
  { name: 'profile', open: (page) => new ProfilePage(page).goto() },
  {
    name: 'templates',
    open: async (page) => {
      const templates = new TemplatesPage(page);
      await templates.goto();
      await templates.listEntry(/Coffee chat/).click();
      await expect(templates.name()).toHaveValue(/Coffee chat/);
    },
  },
  {
    name: 'outreach',
    open: async (page) => {
      const outreach = new OutreachPage(page);
      await outreach.goto();
      await expect(outreach.rows()).toHaveCount(people.length);
    },
  },
  {
    name: 'outreach-draft',
    open: async (page) => {
      const outreach = new OutreachPage(page);
      await outreach.goto();
      await outreach.open(drafted.name);
      await expect(outreach.editor()).toBeVisible();
    },
  },
  {
    name: 'pipeline',
    open: async (page) => {
      const pipeline = new PipelinePage(page);
      await pipeline.goto();
      await expect(pipeline.card(replied.name)).toBeVisible();
    },
  },
  {
    name: 'meetings',
    open: async (page) => {
      const meetings = new MeetingsPage(page);
      await meetings.goto();
      await expect(meetings.meeting(meetingTitle)).toBeVisible();
    },
  },
  {
    name: 'referrals',
    open: async (page) => {
      await page.goto('/referrals');
      await expect(new ReferralsPage(page).code()).toBeVisible();
    },
  },
  { name: 'accountSettings', open: (page) => new SettingsPage(page).goto() },
  { name: 'subscribe', open: (page) => new SubscribePage(page).goto() },
];

/**
 * Signs a new person up and in, and gives them what fills every page: contacts with long names, a template, two
 * drafts, a conversation with a reply and a meeting. The browser's storage (the signed-in session) is kept in `state`.
 */
const seedPerson = async (browser: Browser, baseURL: string, state: string) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const request = context.request;
  const user = await signUpThroughCognito(request, {
    ...uniqueUser('layout'),
    name: 'Jordan Alexandra Montgomery-Whitfield',
  });
  const signInPage = new SignInPage(page);
  await signInPage.goto();
  await signInPage.submit(user);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { token, uid } = await signedInIdentity(page);
  const headers = { Authorization: `Bearer ${token}` };
  const ids: string[] = [];
  for (const person of people) {
    const created = await request.post(`${apiUrl}/api/contacts`, { headers, data: person });
    expect(created.status(), await created.text()).toBe(201);
    ids.push((await created.json()).data.id as string);
  }
  const [first = '', second = '', third = ''] = ids;
  const template = await request.post(`${apiUrl}/api/templates`, {
    headers,
    data: {
      name: 'Coffee chat with an alumnus of the same programme (long name)',
      subject: 'Coffee with a fellow {{company}} alumnus?',
      body: 'Hi {{firstName}},\n\nI noticed you work at {{company}} as {{jobTitle}}. Would you have 15 minutes for a coffee chat next week?\n\nBest,\nJordan',
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  for (const contactId of [second, third]) {
    const draft = await request.post(`${apiUrl}/api/drafts`, {
      headers,
      data: {
        contactId,
        subject: 'A question about your work on programming languages and compilers at a very long company',
        body: 'Hi,\n\nI read about your work and would love to hear how your team approaches compilers. Would you have fifteen minutes next week for a short call?\n\nBest regards,\nJordan',
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
  }
  const dayMs = 86_400_000;
  await recordPastConversation(historyDb(), uid, {
    contactId: first,
    to: replied.email,
    from: user.email,
    sentAt: new Date(Date.now() - 3 * dayMs),
    repliedAt: new Date(Date.now() - 2 * dayMs),
  });
  const meeting = await request.post(`${apiUrl}/api/meetings`, {
    headers,
    data: {
      contactId: first,
      title: meetingTitle,
      startTime: new Date(Math.ceil((Date.now() + 2 * dayMs) / 60_000) * 60_000).toISOString(),
      sendInvitation: false,
    },
  });
  expect(meeting.status(), await meeting.text()).toBe(201);
  // the scheme follows the device (SPEC §3 theme 'system'), so each screenshot picks it with emulateMedia
  const saved = await request.put(`${apiUrl}/api/profiles/settings`, {
    headers,
    data: { settings: { theme: 'system' } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await context.storageState({ path: state });
  await context.close();
};

// one person and one set of data for every page: seeded once, each page's test starts signed in as them
test.describe.configure({ timeout: 180_000 });
let signedInState = '';
test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(120_000);
  signedInState = testInfo.outputPath('signed-in.json');
  await seedPerson(browser, String(testInfo.project.use.baseURL), signedInState);
});
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this object pattern
test.use({ storageState: async ({}, use) => use(signedInState) });

test.describe('Layout', () => {
  for (const { name, open } of appPages) {
    test(`${name} fits windows of 768 to 1440 px in both themes: nothing wider than the window, the title on one line`, async ({
      page,
      capture,
    }) => {
      const found: string[] = [];
      /** the window at `width` in `theme`, once the theme has painted and the sidebar has settled; what overflows */
      const check = async (width: number, theme: Theme) => {
        await page.setViewportSize({ width, height: 900 });
        await page.emulateMedia({ colorScheme: theme });
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await expect
          .poll(() => page.getByTestId('app-sidebar').evaluate((aside) => getComputedStyle(aside).width))
          .toBe(`${sidebarWidth(width)}px`);
        const headerLogo = page.getByRole('banner').getByRole('link', { name: 'Outreach home' });
        if (headerHasLogo(width)) await expect(headerLogo).toBeVisible();
        else await expect(headerLogo).toBeHidden();
        // the header's widgets stay at every width, the compact header's included (SPEC §2)
        for (const widget of [/^Notifications/, 'Email connection', 'Zoom connection'])
          await expect(page.getByRole('banner').getByRole('button', { name: widget })).toBeInViewport();
        // the outermost few say where: their children stick out with them
        for (const problem of (await horizontalOverflow(page)).slice(0, 6)) found.push(`${width} ${theme}: ${problem}`);
        if ((await titleLines(page)) > 1) found.push(`${width} ${theme}: the title wraps`);
      };
      await page.emulateMedia({ colorScheme: 'light' });
      await open(page);
      for (const width of edgeWidths) await check(width, 'light');
      for (const width of widths) {
        for (const theme of themes) {
          await check(width, theme);
          await capture(`layout-${name}-${width}-${theme}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
});
