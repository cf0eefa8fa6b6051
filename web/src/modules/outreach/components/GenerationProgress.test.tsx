// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { mountPerTest } from '@/test/mountPerTest';
import type { BatchState } from '../state/generationState';
import { GenerationProgress } from './GenerationProgress';

const { container, render } = mountPerTest();

const batch = (changes: Partial<BatchState>): BatchState => ({
  batchId: 'b1',
  type: 'ai',
  total: 5,
  completed: 0,
  failed: 0,
  currentContact: 'c2',
  contactIds: ['c1', 'c2', 'c3', 'c4', 'c5'],
  skipped: [],
  ...changes,
});

const names: Record<string, string> = { c2: 'Grace Hopper' };
const nameOf = (id: string) => names[id] ?? 'Unnamed contact';
const text = (testId: string) => container().querySelector(`[data-testid="${testId}"]`)?.textContent;

describe('GenerationProgress', () => {
  it('names the contact being written and counts completed and failed ones', async () => {
    await render(<GenerationProgress batch={batch({ completed: 2, failed: 1 })} nameOf={nameOf} />);
    expect(text('generation-progress')).toContain('Writing e-mails: 3 of 5');
    expect(text('progress-current')).toBe('Now: Grace Hopper');
    expect(text('progress-completed')).toBe('2 completed');
    expect(text('progress-failed')).toBe('1 failed');
    expect(container().querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('60');
  });

  it('says when it is done, and where to retry the failed ones', async () => {
    await render(
      <GenerationProgress batch={batch({ completed: 4, failed: 1, currentContact: null })} nameOf={nameOf} />,
    );
    expect(text('generation-progress')).toContain('Done: 4 of 5 ready');
    expect(text('progress-current')).toBe('Retry the failed ones from their row.');
    // the bar: the written four fifths green, the failed fifth red (not the whole bar red)
    const written = container().querySelector<HTMLElement>('.ant-progress-track-success');
    expect(written?.style.width).toBe('80%');
  });

  it('says a template is being filled in', async () => {
    await render(<GenerationProgress batch={batch({ type: 'template', currentContact: null })} nameOf={nameOf} />);
    expect(text('generation-progress')).toContain('Filling in the template: 0 of 5');
    expect(text('progress-current')).toBe('Waiting for the next contact…');
  });

  it('says which of the chosen contacts it skipped and why (DESIGN §9)', async () => {
    await render(
      <GenerationProgress
        batch={batch({
          skipped: [
            { contactId: 'c6', reason: 'unconfirmed' },
            { contactId: 'c7', reason: 'unconfirmed' },
            { contactId: 'c8', reason: 'no_address' },
          ],
        })}
        nameOf={nameOf}
      />,
    );
    expect(text('progress-skipped')).toBe(
      'Skipped: 3 of 8 contacts have no address we can send to (2 risky, not confirmed; 1 no address found).',
    );
  });
});
