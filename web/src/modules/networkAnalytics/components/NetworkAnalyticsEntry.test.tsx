// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/http/apiClient';
import { ApiError } from '@/lib/http/ApiError';
import { ApiClientContext } from '@/lib/http/useApiClient';
import { LiveProvider, type LiveSocket } from '@/lib/live';
import { fakeLiveSocket } from '@/test/fakeLiveSocket';
import { mountPerTest } from '@/test/mountPerTest';
import { lazyCodeTestTimeoutMs, untilPasses } from '@/test/untilPasses';
import type { TimePeriod } from '../utils/analyticsPeriod';
import type { DetailedAnalytics } from '../utils/analyticsTables';
import { NetworkAnalyticsEntry } from './NetworkAnalyticsEntry';

const { render } = mountPerTest();

/** What the server answers for a period: a week of history, with every part of the answer filled in. */
const analytics = (period: TimePeriod, overrides: Partial<DetailedAnalytics> = {}): DetailedAnalytics => ({
  time_period: period,
  totalConversations: 12,
  emailsSent: period === 'quarter' ? 40 : 12,
  replies: period === 'quarter' ? 10 : 5,
  autoReplies: 1,
  bounces: 0,
  awaitingReply: 7,
  replyRate: period === 'quarter' ? 0.25 : 5 / 12,
  series: [
    { start: '2026-11-17', sent: 4, replies: 1 },
    { start: '2026-11-18', sent: 8, replies: 4 },
  ],
  medianReplyMinutes: 200,
  byCompany: [
    { value: 'Initech', sent: 8, replies: 4, replyRate: 0.5 },
    { value: '=HYPERLINK("http://evil","x")', sent: 3, replies: 1, replyRate: 1 / 3 },
    { value: '', sent: 1, replies: 0, replyRate: 0 },
  ],
  byRole: [{ value: 'Engineer', sent: 12, replies: 5, replyRate: 5 / 12 }],
  bySchool: [],
  bySeniority: [{ value: 'Senior', sent: 12, replies: 5, replyRate: 5 / 12 }],
  timeZone: 'Europe/Paris',
  byWeekday: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    sent: weekday === 2 ? 12 : 0,
    replies: weekday === 2 ? 5 : 0,
    replyRate: weekday === 2 ? 5 / 12 : 0,
  })),
  byHour: Array.from({ length: 24 }, (_, hour) => ({
    hour,
    sent: hour === 9 ? 12 : 0,
    replies: hour === 9 ? 5 : 0,
    replyRate: hour === 9 ? 5 / 12 : 0,
  })),
  bestSendTime: { weekday: 2, hour: 9, replyRate: 5 / 12 },
  funnel: [
    { stage: 'drafted', count: 20 },
    { stage: 'contacted', count: 12 },
    { stage: 'replied', count: 5 },
    { stage: 'meeting_scheduled', count: 2 },
  ],
  ...overrides,
});

const Location = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

const Back = () => {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
};

type Answer = (period: TimePeriod) => Promise<DetailedAnalytics>;

const show = async (
  entry: string,
  answer: Answer = async (period) => analytics(period),
  socket: LiveSocket | null = null,
) => {
  const periods: TimePeriod[] = [];
  const request = vi.fn(async (route: string, input: { query: { time_period: TimePeriod } }) => {
    if (route !== 'GET /api/conversations/detailed-analytics') throw new Error(`unexpected ${route}`);
    periods.push(input.query.time_period);
    return answer(input.query.time_period);
  });
  await render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <ApiClientContext.Provider value={{ request } as unknown as ApiClient}>
        <ConfigProvider wave={{ disabled: true }}>
          <LiveProvider socket={socket}>
            <MemoryRouter initialEntries={[entry]}>
              <Location />
              <Back />
              <NetworkAnalyticsEntry>
                <p>The contacts table</p>
              </NetworkAnalyticsEntry>
            </MemoryRouter>
          </LiveProvider>
        </ConfigProvider>
      </ApiClientContext.Provider>
    </SWRConfig>,
  );
  return { periods };
};

const location = () => document.querySelector('[data-testid="location"]')?.textContent;
const text = () => document.body.textContent ?? '';
const click = (element: Element | null | undefined) =>
  act(async () => {
    if (!element) throw new Error('nothing to click');
    (element as HTMLElement).click();
  });
const link = (name: string) =>
  [...document.querySelectorAll('nav[aria-label="Dashboard view"] a')].find((a) => a.textContent === name);
/** the radio of a Segmented labelled `group` */
const radio = (group: string, name: string) =>
  [...document.querySelectorAll(`[role="radiogroup"][aria-label="${group}"] label`)]
    .find((label) => label.textContent === name)
    ?.querySelector('input');
const region = (name: string) =>
  [...document.querySelectorAll('section[aria-labelledby]')].find(
    (section) => document.getElementById(section.getAttribute('aria-labelledby')!)?.textContent === name,
  );
const tableIn = (name: string) => {
  const table = region(name)?.querySelector('table');
  if (!table) return null;
  return {
    caption: table.querySelector('caption')?.textContent,
    headers: [...table.querySelectorAll('thead th')].map((cell) => cell.textContent),
    rows: [...table.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    ),
  };
};
const headline = () =>
  [...document.querySelectorAll('[aria-label="Headline numbers"] .ant-statistic')].map((item) => [
    item.querySelector('.ant-statistic-title')?.textContent,
    item.querySelector('.ant-statistic-content')?.textContent,
  ]);

beforeEach(() => {
  // recharts measures its box, which happy-dom does not lay out
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

// the analytics view is lazily loaded code
describe('NetworkAnalyticsEntry', { timeout: lazyCodeTestTimeoutMs }, () => {
  it('shows the contacts view until the analytics link is followed, then the analytics of the week', async () => {
    const { periods } = await show('/dashboard?q=ada');
    expect(text()).toContain('The contacts table');
    expect(link('Contacts')?.getAttribute('aria-current')).toBe('page');
    expect(periods).toEqual([]);

    await click(link('Network analytics'));
    expect(location()).toBe('/dashboard?q=ada&view=analytics');
    await untilPasses(() =>
      expect(headline()).toEqual([
        ['E-mails sent', '12'],
        ['Replies', '5'],
        ['Reply rate', '41.7%'],
        ['Median time to reply', '3 h 20 min'],
      ]),
    );
    expect(periods).toEqual(['week']);
    expect(text()).toContain('of 12 conversations started');
    expect(text()).not.toContain('The contacts table');
    expect(link('Network analytics')?.getAttribute('aria-current')).toBe('page');
    expect(text()).toContain('Best time to send: Tuesday, 09:00–10:00 (41.7% replied). Times are in Europe/Paris.');

    await click(link('Contacts'));
    expect(location()).toBe('/dashboard?q=ada');
    expect(text()).toContain('The contacts table');
  });

  it('keeps the period in the URL: switching adds a history entry, Back and a reload show it again', async () => {
    const { periods } = await show('/dashboard?view=analytics&period=week');
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '12']));
    expect(radio('Period', 'Week')?.checked).toBe(true);

    await click(radio('Period', 'Quarter'));
    expect(location()).toBe('/dashboard?view=analytics&period=quarter');
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '40']));
    expect(periods).toEqual(['week', 'quarter']);
    expect(radio('Period', 'Quarter')?.checked).toBe(true);
    expect(text()).toContain('How your outreach went over the last 3 months.');

    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Back'));
    expect(location()).toBe('/dashboard?view=analytics&period=week');
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '12']));
    expect(radio('Period', 'Week')?.checked).toBe(true);
  });

  it('opens on the period a reloaded URL names', async () => {
    const { periods } = await show('/dashboard?view=analytics&period=quarter');
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '40']));
    expect(periods).toEqual(['quarter']);
  });

  it("shows each chart's numbers as a table with a caption and column headers", async () => {
    await show('/dashboard?view=analytics&period=week');
    await untilPasses(() => expect(region('Replies by company')).toBeDefined());
    expect(tableIn('Replies by company')).toBeNull();
    expect(region('Replies by company')?.querySelector('figure')?.getAttribute('aria-label')).toBe(
      'Replies by company',
    );

    await click(radio('Show Replies by company as', 'Table'));
    await untilPasses(() =>
      expect(tableIn('Replies by company')).toEqual({
        caption: 'Replies by company',
        headers: ['Company', 'Conversations started', 'Answered', 'Reply rate'],
        rows: [
          ['Initech', '8', '4', '50%'],
          ['=HYPERLINK("http://evil","x")', '3', '1', '33.3%'],
          ['Not known', '1', '0', '0%'],
        ],
      }),
    );
    expect(region('Replies by company')?.querySelector('figure')).toBeNull();

    await click(radio('Show E-mails sent and replies as', 'Table'));
    await click(radio('Show Outreach funnel as', 'Table'));
    await click(radio('Show Replies by weekday sent as', 'Table'));
    await untilPasses(() =>
      expect(tableIn('E-mails sent and replies')).toEqual({
        caption: 'E-mails sent and replies',
        headers: ['Day', 'E-mails sent', 'Replies'],
        rows: [
          ['Tue, Nov 17', '4', '1'],
          ['Wed, Nov 18', '8', '4'],
        ],
      }),
    );
    expect(tableIn('Outreach funnel')?.rows).toEqual([
      ['Drafted', '20', '100%'],
      ['E-mailed', '12', '60%'],
      ['Replied', '5', '25%'],
      ['Meeting booked', '2', '10%'],
    ]);
    expect(tableIn('Replies by weekday sent')?.rows.map((row) => row[0])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    // a breakdown with nothing in it says so instead of an empty chart
    expect(region('Replies by school')?.textContent).toContain('No school known for these contacts');
  });

  it('downloads the CSV of a table, quoted and with formula cells neutralised', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:analytics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    await show('/dashboard?view=analytics&period=week');
    await untilPasses(() => expect(region('Replies by company')).toBeDefined());

    await click(region('Replies by company')?.querySelector('button[aria-label="Download CSV of Replies by company"]'));
    expect(blobs).toHaveLength(1);
    expect(await blobs[0]!.text()).toBe(
      '\uFEFFCompany,Conversations started,Answered,Reply rate\r\n' +
        'Initech,8,4,50%\r\n' +
        '"\'=HYPERLINK(""http://evil"",""x"")",3,1,33.3%\r\n' +
        'Not known,1,0,0%\r\n',
    );
  });

  it('says so when no e-mail was sent in the period, still showing the funnel', async () => {
    await show('/dashboard?view=analytics&period=month', async (period) =>
      analytics(period, { emailsSent: 0, replies: 0, replyRate: 0, series: [], medianReplyMinutes: null }),
    );
    await untilPasses(() => expect(text()).toContain('No e-mails sent in this period'));
    expect(headline()).toEqual([]);
    expect(region('Outreach funnel')).toBeDefined();
    expect(region('Replies by company')).toBeUndefined();
  });

  it('shows the charts of a period without e-mails sent when replies to older ones came in', async () => {
    await show('/dashboard?view=analytics&period=week', async (period) =>
      analytics(period, {
        emailsSent: 0,
        replies: 0,
        replyRate: 0,
        series: [
          { start: '2026-11-17', sent: 0, replies: 2 },
          { start: '2026-11-18', sent: 0, replies: 0 },
        ],
      }),
    );
    await untilPasses(() => expect(region('E-mails sent and replies')).toBeDefined());
    expect(text()).not.toContain('No e-mails sent in this period');
  });

  it('leaves the funnel out of an empty period when nothing was drafted or sent either', async () => {
    await show('/dashboard?view=analytics&period=month', async (period) =>
      analytics(period, {
        emailsSent: 0,
        replies: 0,
        replyRate: 0,
        series: [],
        medianReplyMinutes: null,
        funnel: ['drafted', 'contacted', 'replied', 'meeting_scheduled'].map((stage) => ({
          stage,
          count: 0,
        })),
      }),
    );
    await untilPasses(() => expect(text()).toContain('No e-mails sent in this period'));
    expect(region('Outreach funnel')).toBeUndefined();
  });

  it('reads the numbers again when the counters change (live stats.changed)', async () => {
    const live = fakeLiveSocket();
    let sent = 12;
    const { periods } = await show(
      '/dashboard?view=analytics&period=month',
      async (period) => analytics(period, { emailsSent: sent }),
      live.socket,
    );
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '12']));

    sent = 13;
    await live.send({ type: 'stats.changed', data: {} });
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '13']));
    expect(periods).toEqual(['month', 'month']);
  });

  it('shows an outline of the view while the numbers load', async () => {
    let answer!: (data: DetailedAnalytics) => void;
    await show('/dashboard?view=analytics', () => new Promise((resolve) => (answer = resolve)));
    await untilPasses(() => expect(radio('Period', 'Week')?.checked).toBe(true));
    expect(document.querySelector('[role="status"][aria-busy="true"]')?.textContent).toBe(
      'Loading network analytics...',
    );
    expect(headline()).toEqual([]);

    await act(async () => answer(analytics('week')));
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '12']));
    expect(document.querySelector('[role="status"][aria-busy="true"]')).toBeNull();
  });

  it('says what went wrong when the analytics cannot be read, and Try Again reads them again', async () => {
    let fail = true;
    const { periods } = await show('/dashboard?view=analytics', async (period) => {
      if (fail)
        throw new ApiError({ status: 500, code: 'server_error', message: 'Server error. Please try again later.' });
      return analytics(period);
    });
    await untilPasses(() => expect(text()).toContain('Network analytics could not be loaded'));
    expect(text()).toContain('Server error. Please try again later.');

    fail = false;
    await click([...document.querySelectorAll('button')].find((button) => button.textContent === 'Try Again'));
    await untilPasses(() => expect(headline()[0]).toEqual(['E-mails sent', '12']));
    expect(periods).toEqual(['week', 'week']);
  });
});
