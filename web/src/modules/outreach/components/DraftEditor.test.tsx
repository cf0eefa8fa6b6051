// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Draft } from '@shared/schemas/drafts';
import { mountPerTest } from '@/test/mountPerTest';
import { wireDraft } from '@/test/draftFixtures';
import { DraftEditor, type DraftEditorProps } from './DraftEditor';

const { container, render } = mountPerTest();

const draft: Draft = wireDraft({
  isPrimary: false,
  subject: 'Your talk at {{event}}',
  body: 'Hi Ada, I enjoyed {{event}}.',
  placeholderAlternatives: { event: ['RustConf', 'the meetup'], gone: ['unused'] },
});

const resume = { name: 'cv.pdf', source: 'resume', size: 1200 };

const mount = (props: Partial<DraftEditorProps> = {}) =>
  render(
    <DraftEditor
      draft={draft}
      resume={resume}
      includeResume
      busy={null}
      onSave={vi.fn()}
      onSaveAsNew={vi.fn()}
      onMakePrimary={vi.fn()}
      onDelete={vi.fn()}
      sendAction={() => null}
      {...props}
    />,
  );

const button = (name: string) =>
  [...container().querySelectorAll<HTMLButtonElement>('button')].find((candidate) => candidate.textContent === name);

describe('DraftEditor', () => {
  it('lists the spots the AI could not fill', async () => {
    await mount();
    const spots = container().querySelector('[data-testid="placeholder-spots"]')?.textContent ?? '';
    expect(spots).toContain('One spot to fill');
    expect(spots).toContain('{{event}}');
  });

  it("attaches the résumé as includeResume says, and saves it with the open spots' alternatives only", async () => {
    const onSave = vi.fn();
    await mount({ onSave });
    const checkbox = container().querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(checkbox?.checked).toBe(true);
    expect(button('Save')?.disabled).toBe(false);
    await act(async () => button('Save')?.click());
    expect(onSave).toHaveBeenCalledWith({
      subject: draft.subject,
      body: draft.body,
      placeholderAlternatives: { event: ['RustConf', 'the meetup'] },
      attachments: [resume],
    });
  });

  it('has nothing to save while the draft is as it was saved, and offers to make it primary', async () => {
    const onMakePrimary = vi.fn();
    await mount({ includeResume: false, onMakePrimary });
    expect(button('Save')?.disabled).toBe(true);
    expect(button('Save as new draft')?.disabled).toBe(true);
    await act(async () => button('Make primary')?.click());
    expect(onMakePrimary).toHaveBeenCalledOnce();
  });

  it('offers no résumé without one, and says where to upload it', async () => {
    await mount({ resume: null });
    expect(container().querySelector('input[type="checkbox"]')).toBeNull();
    expect(container().textContent).toContain('Upload a résumé on your profile');
  });
});
