// @vitest-environment happy-dom
import { ConfigProvider } from 'antd';
import { act } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ApiTestProviders } from '@/test/ApiTestProviders';
import { buttonIn, mountPerTest } from '@/test/mountPerTest';
import { AppFeedbackProvider } from '@/ui/feedback/AppFeedbackProvider';
import { ContactSequence } from './ContactSequence';

const { render } = mountPerTest();

const sequence = {
  id: 's1',
  name: 'Three nudges',
  recipientTimeZone: true,
  steps: [1, 2, 3].map(() => ({ delayDays: 3, businessDaysOnly: true, sendTime: '09:00', source: 'ai' })),
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const fakeApi = (enrollment: Record<string, unknown> | null) => {
  const changes: unknown[] = [];
  const request = vi.fn(async (route: string, input: unknown) => {
    if (route === 'GET /api/sequences') return [sequence];
    if (route === 'GET /api/sequence-enrollments/{contactId}') return enrollment;
    if (route === 'PATCH /api/sequences/{id}/enrollments/{contactId}') {
      changes.push(input);
      return { ...enrollment, status: 'paused', sequenceName: undefined };
    }
    throw new Error(`unexpected ${route}`);
  });
  return { request, changes };
};

const mount = async (api: ReturnType<typeof fakeApi>) =>
  render(
    <ApiTestProviders api={api as never}>
      <ConfigProvider wave={{ disabled: true }}>
        <AppFeedbackProvider>
          <MemoryRouter>
            <ContactSequence contactId="c1" name="Grace Hopper" />
          </MemoryRouter>
        </AppFeedbackProvider>
      </ConfigProvider>
    </ApiTestProviders>,
  );

const section = () => document.querySelector('[data-testid="contact-sequence"]');

describe("a contact's sequence in its drawer", () => {
  it('names the sequence (a link to it), where the contact is in it, and pauses it', async () => {
    const api = fakeApi({
      contactId: 'c1',
      sequenceId: 's1',
      sequenceName: 'Three nudges',
      status: 'active',
      stepIndex: 1,
      enrolledAt: '2026-11-01T00:00:00.000Z',
      nextSendAt: '2026-11-05T09:00:00.000Z',
    });
    await mount(api);
    await vi.waitFor(() => expect(section()?.textContent).toContain('1 of 3 steps'));
    expect(section()?.querySelector('a')?.getAttribute('href')).toBe('/sequences?sequence=s1');
    expect(section()?.textContent).toContain('Next e-mail:');
    await act(async () => buttonIn('[data-testid="contact-sequence"]', 'Pause')!.click());
    await vi.waitFor(() => expect(section()?.textContent).toContain('Paused'));
    expect(api.changes).toEqual([{ params: { id: 's1', contactId: 'c1' }, body: { action: 'pause' } }]);
    // the sequence's name stays, though the action's answer does not carry it
    expect(section()?.textContent).toContain('Three nudges');
    expect(buttonIn('[data-testid="contact-sequence"]', 'Resume')).toBeDefined();
  });

  it('offers Add to sequence to a contact in none, and to one whose sequence stopped', async () => {
    await mount(fakeApi(null));
    await vi.waitFor(() => expect(section()?.textContent).toContain('Not in a sequence.'));
    expect(buttonIn('[data-testid="contact-sequence"]', 'Add to sequence')).toBeDefined();
  });

  it('says why a stopped sequence stopped, and offers another', async () => {
    await mount(
      fakeApi({
        contactId: 'c1',
        sequenceId: 's1',
        sequenceName: 'Three nudges',
        status: 'stopped',
        stoppedReason: 'meeting',
        stepIndex: 2,
        enrolledAt: '2026-11-01T00:00:00.000Z',
      }),
    );
    await vi.waitFor(() => expect(section()?.textContent).toContain('Stopped: a meeting was booked'));
    expect(buttonIn('[data-testid="contact-sequence"]', 'Add to sequence')).toBeDefined();
    expect(buttonIn('[data-testid="contact-sequence"]', 'Pause')).toBeUndefined();
  });
});
