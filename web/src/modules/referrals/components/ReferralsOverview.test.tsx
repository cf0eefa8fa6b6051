// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Referrals } from '@shared/schemas/billing';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { buttonNamed, mountPerTest } from '@/test/mountPerTest';
import { untilPasses } from '@/test/untilPasses';
import { ReferralsOverview } from './ReferralsOverview';

const { render } = mountPerTest();

const show = async (referrals: Referrals) => {
  const request = vi.fn(async (route: string) => {
    if (route === 'GET /api/referrals') return referrals;
    throw new Error(`unexpected ${route}`);
  });
  await render(
    <ApiTestProviders api={{ request } as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <ReferralsOverview />
      </ConfigProvider>
    </ApiTestProviders>,
  );
  await untilPasses(() => expect(document.querySelector('[data-testid="referral-code"]')).not.toBeNull());
  return request;
};

const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;

describe('the referrals page', () => {
  it("shows the user's own code and the server's link, with copy buttons, and the empty state", async () => {
    const request = await show({
      code: 'K7PQ2XWM',
      link: 'https://app.example.com/signup?ref=K7PQ2XWM',
      referredCount: 0,
      bonusSlotsEarned: 0,
      thisMonth: { month: '2026-11', joined: 0, rewarded: 0, rewardLimit: 10 },
      referred: [],
    });
    expect(request).toHaveBeenCalledWith('GET /api/referrals');
    expect(text('referral-code')).toBe('K7PQ2XWM');
    expect(text('referral-link')).toBe('https://app.example.com/signup?ref=K7PQ2XWM');
    const buttons = [...document.querySelectorAll('button')].map((button) => button.textContent?.trim());
    expect(buttons).toEqual(expect.arrayContaining(['Copy link', 'Copy code']));
    // a copy button is named by the words it shows (WCAG 2.5.3 Label in Name), not by a generic 'Copy'
    expect(buttonNamed(/^Copy link$/)).toBeDefined();
    expect(buttonNamed(/^Copy code$/)).toBeDefined();
    expect(text('referred-count')).toBe('0');
    expect(text('bonus-slots-earned')).toBe('0');
    expect(document.body.textContent).toContain('No referred friends yet');
    expect(document.querySelector('[data-testid="referred-people"]')).toBeNull();
  });

  it('copies the link or the code and says so on the button that was pressed', async () => {
    await show({
      code: 'K7PQ2XWM',
      link: 'https://app.example.com/signup?ref=K7PQ2XWM',
      referredCount: 0,
      bonusSlotsEarned: 0,
      thisMonth: { month: '2026-11', joined: 0, rewarded: 0, rewardLimit: 10 },
      referred: [],
    });
    await act(async () => buttonNamed(/^Copy code$/)?.click());
    // the code's button says it is done, the link's still offers to copy
    await untilPasses(() => expect(buttonNamed(/^Copied$/)).toBeDefined());
    expect(buttonNamed(/^Copy code$/)).toBeUndefined();
    expect(await navigator.clipboard.readText()).toBe('K7PQ2XWM');
    await act(async () => buttonNamed(/^Copy link$/)?.click());
    await untilPasses(() => expect(buttonNamed(/^Copy link$/)).toBeUndefined());
    expect(await navigator.clipboard.readText()).toBe('https://app.example.com/signup?ref=K7PQ2XWM');
  });

  it('lists the people who joined with their reward, and the counts', async () => {
    await show({
      code: 'K7PQ2XWM',
      link: 'https://app.example.com/signup?ref=K7PQ2XWM',
      referredCount: 2,
      bonusSlotsEarned: 20,
      thisMonth: { month: '2026-11', joined: 2, rewarded: 2, rewardLimit: 10 },
      referred: [
        { name: 'Nina Newcomer', joinedAt: '2026-11-20T10:00:00.000Z', rewarded: true },
        { name: 'A new member', joinedAt: '2026-11-22T10:00:00.000Z', rewarded: true },
      ],
    });
    expect(text('referred-count')).toBe('2');
    expect(text('bonus-slots-earned')).toBe('20');
    const rows = [...document.querySelectorAll('[data-testid="referred-people"] tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.[0]).toBe('Nina Newcomer');
    expect(rows[0]?.[2]).toBe('+10 slots');
    expect(rows[1]?.[0]).toBe('A new member');
    expect(document.body.textContent).not.toContain('No referred friends yet');
    expect(text('joined-this-month')).toBe('2');
    expect(text('rewarded-this-month')).toBe('2 of 10');
    expect(document.querySelector('[data-testid="referral-limit-reached"]')).toBeNull();
  });

  it('states the monthly limit in plain words, and once it is reached says so and when rewards start again', async () => {
    await show({
      code: 'K7PQ2XWM',
      link: 'https://app.example.com/signup?ref=K7PQ2XWM',
      referredCount: 11,
      bonusSlotsEarned: 100,
      thisMonth: { month: '2026-12', joined: 11, rewarded: 10, rewardLimit: 10 },
      referred: Array.from({ length: 11 }, (_, index) => ({
        name: `Friend ${index + 1}`,
        joinedAt: `2026-12-${String(index + 1).padStart(2, '0')}T10:00:00.000Z`,
        rewarded: index < 10,
      })),
    });
    expect(text('referral-limit')).toContain('up to 10 friends who join each calendar month');
    expect(text('referral-limit')).toContain('UTC');
    expect(document.body.textContent).toContain('Joined in December 2026');
    expect(text('joined-this-month')).toBe('11');
    expect(text('rewarded-this-month')).toBe('10 of 10');
    expect(text('referral-limit-reached')).toContain('Rewards start again on 1 January (UTC)');
    // the table pages by 10: the 11th friend is on page 2, the first ten are rewarded
    const rewards = [...document.querySelectorAll('[data-testid="referred-people"] tbody tr')].map(
      (row) => row.querySelectorAll('td')[2]?.textContent,
    );
    expect(rewards).toEqual(Array.from({ length: 10 }, () => '+10 slots'));
  });
});
