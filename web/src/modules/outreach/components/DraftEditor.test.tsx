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

  it('opens clean: the résumé attached as includeResume says is no change of the person’s (nothing to save)', async () => {
    const onUnsavedChange = vi.fn();
    await mount({ onUnsavedChange });
    const checkbox = container().querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(checkbox?.checked).toBe(true);
    expect(button('Save')?.disabled).toBe(true);
    expect(button('Save as new draft')?.disabled).toBe(true);
    expect(onUnsavedChange).not.toHaveBeenCalledWith(true);
  });

  it('opens clean when the résumé is known only after the editor opened (the profile loads later)', async () => {
    const onUnsavedChange = vi.fn();
    await mount({ resume: null, onUnsavedChange });
    await mount({ onUnsavedChange });
    expect(container().querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
    expect(button('Save')?.disabled).toBe(true);
    expect(onUnsavedChange).not.toHaveBeenCalledWith(true);
  });

  it("saves what the person changed with the résumé and the open spots' alternatives only", async () => {
    const onSave = vi.fn();
    const onUnsavedChange = vi.fn();
    await mount({ onSave, onUnsavedChange });
    const body = container().querySelector<HTMLTextAreaElement>('textarea[aria-label="Body"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(body, `${draft.body} Thanks!`);
      body.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
    expect(button('Save')?.disabled).toBe(false);
    await act(async () => button('Save')?.click());
    expect(onSave).toHaveBeenCalledWith({
      subject: draft.subject,
      body: `${draft.body} Thanks!`,
      placeholderAlternatives: { event: ['RustConf', 'the meetup'] },
      attachments: [resume],
    });
  });

  it('counts taking the résumé off as a change to save', async () => {
    await mount();
    await act(async () => container().querySelector<HTMLInputElement>('input[type="checkbox"]')?.click());
    expect(button('Save')?.disabled).toBe(false);
  });

  it('has nothing to save while the draft is as it was saved, and offers to make it primary', async () => {
    const onMakePrimary = vi.fn();
    await mount({ includeResume: false, onMakePrimary });
    expect(button('Save')?.disabled).toBe(true);
    expect(button('Save as new draft')?.disabled).toBe(true);
    await act(async () => button('Make primary')?.click());
    expect(onMakePrimary).toHaveBeenCalledOnce();
  });

  it('tells the send bar which spots are still open, and none once they are filled', async () => {
    const sendAction = vi.fn<DraftEditorProps['sendAction']>(() => null);
    await mount({ sendAction });
    expect(sendAction).toHaveBeenLastCalledWith(expect.objectContaining({ complete: true, openSpots: ['event'] }));
    // the person picks a suggestion for the one spot
    const pick = container().querySelector<HTMLElement>('[aria-label="Fill event"]')!;
    await act(async () => {
      pick.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    const option = await vi.waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (candidate) => candidate.textContent === 'RustConf',
      );
      expect(found).toBeDefined();
      return found!;
    });
    await act(async () => option.click());
    expect(sendAction).toHaveBeenLastCalledWith(expect.objectContaining({ complete: true, openSpots: [] }));
  });

  it('shows a sent draft as read only: its text cannot be typed in and its spots are not offered', async () => {
    await mount({ draft: wireDraft({ ...draft, status: 'sent' }) });
    expect(container().querySelector<HTMLInputElement>('input[aria-label="Subject"]')?.readOnly).toBe(true);
    expect(container().querySelector<HTMLTextAreaElement>('textarea[aria-label="Body"]')?.readOnly).toBe(true);
    expect(container().querySelector('[data-testid="placeholder-spots"]')).toBeNull();
  });

  it('says a template draft’s spots have no value on the profile, not that the AI missed them', async () => {
    await mount({ draft: wireDraft({ ...draft, createdFromTemplate: true, placeholderAlternatives: {} }) });
    const spots = container().querySelector('[data-testid="placeholder-spots"]')?.textContent ?? '';
    expect(spots).toContain('The contact’s profile has no value for these');
    expect(spots).not.toContain('AI');
  });

  it('offers no résumé without one, and says where to upload it', async () => {
    await mount({ resume: null });
    expect(container().querySelector('input[type="checkbox"]')).toBeNull();
    expect(container().textContent).toContain('Upload a résumé on your profile');
  });
});
