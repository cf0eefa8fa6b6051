// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { SequencesWorkspace } from './SequencesWorkspace';

const { render } = mountPerTest();

const nudges = {
  id: 's1',
  name: 'Three nudges',
  recipientTimeZone: true,
  steps: [
    { delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'ai', instructions: 'Short' },
    { delayDays: 1, businessDaysOnly: false, sendTime: '14:30', source: 'template', templateId: 't1' },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-02T00:00:00.000Z',
  enrolled: 2,
};
const counts = (sent: number, replied = 0, positive = 0, bounced = 0, unsubscribed = 0) => ({
  sent,
  replied,
  positive,
  bounced,
  unsubscribed,
});
const detail = {
  ...nudges,
  stats: {
    enrolled: 2,
    total: counts(12, 3, 1, 2, 1),
    steps: [counts(8, 2, 1, 2, 0), counts(3, 1, 0, 0, 1), counts(1)],
  },
};
const enrollment = (contactId: string, extra: Record<string, unknown>) => ({
  contactId,
  sequenceId: 's1',
  enrolledAt: '2026-11-02T00:00:00.000Z',
  ...extra,
});

/** A fake API answering the page's reads; `calls` records what it was asked to change. */
const fakeApi = (sequences = [nudges]) => {
  const calls: { route: string; input: unknown }[] = [];
  let enrollments = [
    enrollment('c1', { status: 'active', stepIndex: 1, nextSendAt: '2026-11-05T09:00:00.000Z' }),
    enrollment('c2', { status: 'stopped', stepIndex: 1, stoppedReason: 'replied' }),
  ];
  const request = vi.fn(async (route: string, input: { params?: { contactId?: string }; body?: unknown } = {}) => {
    switch (route) {
      case 'GET /api/sequences':
        return sequences;
      case 'GET /api/sequences/{id}':
        return detail;
      case 'GET /api/sequences/{id}/enrollments':
        return enrollments;
      case 'GET /api/templates':
        return [{ id: 't1', name: 'Coffee chat', subject: 's', body: 'b', createdAt: '', updatedAt: '' }];
      case 'GET /api/contacts':
        return {
          contacts: [
            { id: 'c1', name: 'Grace Hopper' },
            { id: 'c2', name: 'Ada Lovelace' },
          ],
          next_cursor: null,
          total: 2,
        };
      case 'POST /api/sequences':
        calls.push({ route, input });
        return { ...nudges, id: 's2', ...(input.body as object) };
      case 'DELETE /api/sequences/{id}':
        calls.push({ route, input });
        return null;
      case 'PATCH /api/sequences/{id}/enrollments/{contactId}': {
        calls.push({ route, input });
        const changed = enrollment(input.params!.contactId!, { status: 'paused', stepIndex: 1 });
        enrollments = enrollments.map((item) => (item.contactId === changed.contactId ? changed : item));
        return changed;
      }
      default:
        throw new Error(`unexpected ${route}`);
    }
  });
  return { request, calls };
};

const mount = async (api = fakeApi()) => {
  await render(
    <ApiTestProviders api={api as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <AppFeedbackProvider>
          <MemoryRouter initialEntries={['/sequences']}>
            <SequencesWorkspace />
          </MemoryRouter>
        </AppFeedbackProvider>
      </ConfigProvider>
    </ApiTestProviders>,
  );
  return api;
};

const text = () => document.body.textContent ?? '';
const click = async (scope: string, name: string) => {
  await vi.waitFor(() => expect(buttonIn(scope, name)).toBeDefined());
  await act(async () => buttonIn(scope, name)!.click());
};
const rowOf = (label: string, cell: string) =>
  [...document.querySelectorAll<HTMLTableRowElement>(`table[aria-label="${label}"] tbody tr`)].find((row) =>
    row.textContent?.includes(cell),
  );
const type = async (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
  await act(async () => {
    setValue.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

describe('the sequences page', () => {
  it('says what a sequence is and offers to make one while there is none', async () => {
    await mount(fakeApi([]));
    await vi.waitFor(() => expect(text()).toContain('No sequences yet'));
    expect(buttonIn('.ant-card', 'New sequence')).toBeDefined();
  });

  it("lists the sequences and shows the open one's numbers by step and its contacts with their state", async () => {
    await mount();
    await vi.waitFor(() => expect(rowOf('Your sequences', 'Three nudges')?.textContent).toContain('2'));
    await vi.waitFor(() => expect(rowOf('Numbers by step', 'Step 2')).toBeDefined());
    expect(rowOf('Numbers by step', 'Initial e-mail')?.textContent).toContain('When you send it');
    expect(rowOf('Numbers by step', 'Step 1')?.textContent).toContain('3 business days later at 09:00');
    expect(rowOf('Numbers by step', 'Step 2')?.textContent).toContain('1 day later at 14:30');
    await vi.waitFor(() => expect(rowOf('Numbers by step', 'Step 2')?.textContent).toContain('Template: Coffee chat'));
    // 3 replies and 1 positive of 10 delivered (12 sent, 2 bounced)
    expect(text()).toContain('30 %');
    expect(text()).toContain('10 %');
    await vi.waitFor(() => expect(rowOf('Enrolled contacts', 'Grace Hopper')).toBeDefined());
    expect(rowOf('Enrolled contacts', 'Grace Hopper')?.textContent).toContain('Active1 of 2 steps');
    expect(rowOf('Enrolled contacts', 'Ada Lovelace')?.textContent).toContain('Stopped: they replied');
    expect(rowOf('Enrolled contacts', 'Ada Lovelace')?.querySelector('button')).toBeNull();
  });

  it("pauses a contact's enrolment and shows it paused", async () => {
    const api = await mount();
    await vi.waitFor(() => expect(rowOf('Enrolled contacts', 'Grace Hopper')).toBeDefined());
    const pause = [...rowOf('Enrolled contacts', 'Grace Hopper')!.querySelectorAll('button')].find(
      (button) => button.textContent === 'Pause',
    )!;
    await act(async () => pause.click());
    await vi.waitFor(() => expect(rowOf('Enrolled contacts', 'Grace Hopper')?.textContent).toContain('Paused'));
    expect(api.calls).toEqual([
      {
        route: 'PATCH /api/sequences/{id}/enrollments/{contactId}',
        input: { params: { id: 's1', contactId: 'c1' }, body: { action: 'pause' } },
      },
    ]);
    await vi.waitFor(() => expect(text()).toContain('Sequence paused for Grace Hopper'));
  });

  it('deletes the sequence only after the confirmation', async () => {
    const api = await mount();
    await vi.waitFor(() => expect(buttonIn('[data-testid="sequence-detail"]', 'Delete')).toBeDefined());
    await click('[data-testid="sequence-detail"]', 'Delete');
    await vi.waitFor(() => expect(text()).toContain('Delete this sequence?'));
    expect(api.calls).toEqual([]);
    await click('.ant-popconfirm', 'Delete');
    await vi.waitFor(() =>
      expect(api.calls).toEqual([{ route: 'DELETE /api/sequences/{id}', input: { params: { id: 's1' } } }]),
    );
  });

  it('creates a sequence of two steps, the second from a template, once the template is chosen', async () => {
    const api = await mount();
    await click('.ant-card', 'New sequence');
    await vi.waitFor(() => expect(document.querySelector('#sequence-name')).not.toBeNull());
    await type(document.querySelector<HTMLInputElement>('#sequence-name')!, 'Two nudges');
    await type(document.querySelector<HTMLTextAreaElement>('#step-1-instructions')!, 'Ask about the talk');
    await click('[data-testid="sequence-editor"]', 'Add step');
    const templateChoice = [
      ...document.querySelectorAll<HTMLInputElement>('[data-testid="sequence-step-2"] input[type="radio"]'),
    ].find((input) => input.value === 'template')!;
    await act(async () => templateChoice.click());
    await click('[data-testid="sequence-editor"]', 'Save');
    await vi.waitFor(() => expect(text()).toContain('Choose one of your templates'));
    expect(api.calls).toEqual([]);
    const select = document.querySelector('[data-testid="sequence-step-2"] .ant-select')!;
    await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true })));
    await vi.waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    await act(async () => document.querySelector<HTMLElement>('.ant-select-item-option')!.click());
    await click('[data-testid="sequence-editor"]', 'Save');
    await vi.waitFor(() =>
      expect(api.calls).toEqual([
        {
          route: 'POST /api/sequences',
          input: {
            body: {
              name: 'Two nudges',
              recipientTimeZone: true,
              steps: [
                {
                  delayDays: 3,
                  businessDaysOnly: true,
                  sendTime: '09:00',
                  source: 'ai',
                  instructions: 'Ask about the talk',
                },
                { delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'template', templateId: 't1' },
              ],
            },
          },
        },
      ]),
    );
    await vi.waitFor(() => expect(text()).toContain('Sequence created'));
  });
});
