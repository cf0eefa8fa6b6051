import { describe, expect, it } from 'vitest';
import { activityFixture, finishedActivity } from '@/test/activityFixtures';
import {
  activityDetail,
  activityLabel,
  activityProgress,
  cutFailedDetail,
  maxFailedDetailLength,
  sidebarActivity,
} from './activityText';

const ada = [{ name: 'Ada Lovelace' }];

describe('an activity entry', () => {
  it('says what the action does from its type and counts', () => {
    expect(activityLabel(activityFixture({ actionType: 'generate_emails', profileCount: 5 }))).toBe(
      'Generating 5 e-mails',
    );
    expect(activityLabel(activityFixture({ actionType: 'generate_emails', profileCount: 1 }))).toBe(
      'Generating 1 e-mail',
    );
    expect(activityLabel(activityFixture({ actionType: 'find_emails', profileCount: 3 }))).toBe('Finding 3 e-mails');
    expect(activityLabel(activityFixture({ actionType: 'send_emails', profileCount: 1, recipients: ada }))).toBe(
      'Sending to Ada Lovelace',
    );
    expect(
      activityLabel(
        activityFixture({
          actionType: 'send_emails',
          profileCount: 3,
          recipients: [...ada, { name: 'Alan Turing' }, { name: 'Grace Hopper' }],
        }),
      ),
    ).toBe('Sending to Ada Lovelace and 2 others');
    expect(activityLabel(activityFixture({ actionType: 'send_emails', profileCount: 2, recipients: [] }))).toBe(
      'Sending 2 e-mails',
    );
    expect(activityLabel(activityFixture({ actionType: 'add_contacts', profileCount: 40 }))).toBe('Adding 40 contacts');
    expect(activityLabel(activityFixture({ actionType: 'book_meeting', profileCount: 1, recipients: ada }))).toBe(
      'Meeting booked with Ada Lovelace',
    );
  });

  it('counts n/total while it runs (several items only), and nothing once finished', () => {
    expect(activityProgress(activityFixture({ profileCount: 5, completedCount: 2, failedCount: 1 }))).toBe('3/5');
    expect(activityProgress(activityFixture({ actionType: 'send_emails', profileCount: 1, recipients: ada }))).toBe('');
    expect(activityProgress(finishedActivity('completed', { completedCount: 5 }))).toBe('');
    expect(activityDetail(activityFixture({ completedCount: 2 }))).toBe('');
  });

  it('tells the counts of a finished action, leaving out those that are 0 after the first', () => {
    expect(activityDetail(finishedActivity('completed', { completedCount: 4, failedCount: 1 }))).toBe(
      '4 written, 1 failed',
    );
    expect(activityDetail(finishedActivity('completed', { completedCount: 5 }))).toBe('5 written');
    expect(
      activityDetail(
        finishedActivity('completed', {
          actionType: 'find_emails',
          profileCount: 4,
          completedCount: 3,
          fetchedCount: 2,
          failedCount: 1,
        }),
      ),
    ).toBe('2 found, 1 not found, 1 failed');
    expect(
      activityDetail(
        finishedActivity('completed', {
          actionType: 'add_contacts',
          profileCount: 40,
          completedCount: 40,
          fetchedCount: 38,
        }),
      ),
    ).toBe('38 added, 2 skipped');
    expect(
      activityDetail(finishedActivity('completed', { actionType: 'send_emails', profileCount: 1, recipients: ada })),
    ).toBe('Sent');
    expect(
      activityDetail(finishedActivity('completed', { actionType: 'book_meeting', profileCount: 1, recipients: ada })),
    ).toBe('');
  });

  it('tells why a failed action failed, cut to 50 characters', () => {
    const long = 'The mailbox refused the message because the daily sending limit was reached';
    expect(cutFailedDetail(long)).toHaveLength(maxFailedDetailLength);
    expect(cutFailedDetail(long)).toBe('The mailbox refused the message because the daily…');
    expect(cutFailedDetail('Short reason')).toBe('Short reason');
    expect(activityDetail(finishedActivity('failed', { error: long }))).toHaveLength(50);
    expect(activityDetail(finishedActivity('failed', { error: 'Mailbox disconnected' }))).toBe('Mailbox disconnected');
    // no error stored: its counts say what happened
    expect(activityDetail(finishedActivity('failed', { failedCount: 5 }))).toBe('0 written, 5 failed');
  });
});

describe('the sidebar list', () => {
  it('is the 10 newest by their latest change', () => {
    const actions = Array.from({ length: 15 }, (_, index) =>
      finishedActivity(index % 2 ? 'failed' : 'completed', { id: `a${index}` }, 30 - index),
    );
    // started long ago, still running: its latest change is its start
    const running = activityFixture({ id: 'running' }, 60);
    // started long ago, finished just now: the newest
    const justFinished = { ...finishedActivity('completed', { id: 'just' }, 0), timestamp: running.timestamp };
    const shown = sidebarActivity([running, ...actions, justFinished]);
    expect(shown.map((action) => action.id)).toEqual([
      'just',
      'a14',
      'a13',
      'a12',
      'a11',
      'a10',
      'a9',
      'a8',
      'a7',
      'a6',
    ]);
  });
});
