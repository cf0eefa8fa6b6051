// @vitest-environment happy-dom
import { sequenceMessages } from '@shared/schemas/sequences';
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { EnrollModal } from './EnrollModal';

const { render } = mountPerTest();

const sequence = {
  id: 's1',
  name: 'Three nudges',
  recipientTimeZone: true,
  steps: [{ delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'ai' }],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

/** enrols every contact but those `skip` names, with the reason given */
const fakeApi = (skip: Record<string, string>) => {
  const enrolCalls: string[][] = [];
  const request = vi.fn(async (route: string, input: { body?: { contactIds: string[] } } = {}) => {
    if (route === 'GET /api/sequences') return [sequence];
    if (route === 'POST /api/sequences/{id}/enrollments') {
      const ids = input.body!.contactIds;
      enrolCalls.push(ids);
      const skipped = ids.filter((id) => id in skip).map((contactId) => ({ contactId, reason: skip[contactId]! }));
      return { enrolled: ids.length - skipped.length, skipped };
    }
    throw new Error(`unexpected ${route}`);
  });
  return { request, enrolCalls };
};

const names: Record<string, string> = { c1: 'Grace Hopper', c2: 'Ada Lovelace', c3: 'Alan Turing' };

const mount = async (api: ReturnType<typeof fakeApi>, contactIds: string[], onClose = vi.fn()) => {
  await render(
    <ApiTestProviders api={api as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <AppFeedbackProvider>
          <MemoryRouter>
            <EnrollModal open contactIds={contactIds} nameOf={(id) => names[id] ?? id} onClose={onClose} />
          </MemoryRouter>
        </AppFeedbackProvider>
      </ConfigProvider>
    </ApiTestProviders>,
  );
  return onClose;
};

const chooseSequence = async () => {
  await vi.waitFor(() => expect(document.querySelector('.ant-modal .ant-select')).not.toBeNull());
  const select = document.querySelector('.ant-modal .ant-select')!;
  await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
  await vi.waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
  await act(async () => document.querySelector<HTMLElement>('.ant-select-item-option')!.click());
};
const enrol = async () => {
  await vi.waitFor(() => expect(buttonIn('.ant-modal', 'Enrol')?.disabled).toBe(false));
  await act(async () => buttonIn('.ant-modal', 'Enrol')!.click());
};
const text = () => document.body.textContent ?? '';

describe('adding contacts to a sequence', () => {
  it('says how many were enrolled and, by reason, which were not and why', async () => {
    const api = fakeApi({ c2: sequenceMessages.skipped.alreadyEnrolled, c3: sequenceMessages.skipped.doNotContact });
    const onClose = await mount(api, ['c1', 'c2', 'c3']);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Add 3 contacts to a sequence');
    expect(buttonIn('.ant-modal', 'Enrol')?.disabled).toBe(true);
    await chooseSequence();
    await enrol();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="enroll-outcome"]')).not.toBeNull());
    const outcome = document.querySelector('[data-testid="enroll-outcome"]')!.textContent;
    expect(outcome).toContain('1 contact enrolled in Three nudges');
    expect(outcome).toContain('2 contacts were not enrolled');
    expect(outcome).toContain('Already in an active sequence: Ada Lovelace');
    expect(outcome).toContain('On your do-not-contact list: Alan Turing');
    expect(api.enrolCalls).toEqual([['c1', 'c2', 'c3']]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes with a toast when every contact was enrolled', async () => {
    const onClose = await mount(fakeApi({}), ['c1']);
    expect(document.querySelector('.ant-modal-title')?.textContent).toBe('Add 1 contact to a sequence');
    await chooseSequence();
    await enrol();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    await vi.waitFor(() => expect(text()).toContain('1 contact enrolled in Three nudges'));
  });

  it('enrols a selection of more than 100 contacts 100 at a time, and sums the answers', async () => {
    const ids = Array.from({ length: 130 }, (_, index) => `x${index}`);
    const api = fakeApi({ x120: sequenceMessages.skipped.replied });
    await mount(api, ids);
    await chooseSequence();
    await enrol();
    await vi.waitFor(() => expect(document.querySelector('[data-testid="enroll-outcome"]')).not.toBeNull());
    expect(api.enrolCalls.map((call) => call.length)).toEqual([100, 30]);
    expect(text()).toContain('129 contacts enrolled in Three nudges');
    expect(text()).toContain('Already replied: x120');
  });
});
