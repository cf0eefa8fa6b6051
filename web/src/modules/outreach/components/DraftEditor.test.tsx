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

const resume = { name: 'cv.pdf', source: 'resume', size: 1200 } as const;

const mount = (props: Partial<DraftEditorProps> = {}) =>
  render(
    <DraftEditor
      draft={draft}
      documents={{ resume }}
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

  const attachmentRows = () =>
    [...container().querySelectorAll('[data-testid="draft-attachment"]')].map((row) => row.textContent);

  it('lists the résumé with its size on a first e-mail, and opens clean (nothing to save)', async () => {
    const onUnsavedChange = vi.fn();
    await mount({ onUnsavedChange });
    expect(attachmentRows()).toEqual(['cv.pdf1 KBRemove']);
    expect(button('Save')?.disabled).toBe(true);
    expect(button('Save as new draft')?.disabled).toBe(true);
    expect(onUnsavedChange).not.toHaveBeenCalledWith(true);
  });

  it('opens clean when the résumé is known only after the editor opened (the profile loads later)', async () => {
    const onUnsavedChange = vi.fn();
    await mount({ documents: {}, onUnsavedChange });
    await mount({ onUnsavedChange });
    expect(attachmentRows()).toEqual(['cv.pdf1 KBRemove']);
    expect(button('Save')?.disabled).toBe(true);
    expect(onUnsavedChange).not.toHaveBeenCalledWith(true);
  });

  it.each(['follow_up', 'reply'] as const)('leaves the résumé off a %s, and offers to attach it', async (draftType) => {
    await mount({ draft: wireDraft({ ...draft, draftType, conversationId: 'c1' }) });
    expect(attachmentRows()).toEqual([]);
    expect(container().textContent).toContain('No attachments: this e-mail goes without files.');
    expect(container().textContent).toContain('Your résumé goes with the first e-mail of a conversation only.');
    await act(async () => button('Attach my résumé')?.click());
    expect(attachmentRows()).toEqual(['cv.pdf1 KBRemove']);
    expect(button('Save')?.disabled).toBe(false);
  });

  it("saves what the person changed and the open spots' alternatives, the attachments only once chosen", async () => {
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
    expect(onSave).toHaveBeenLastCalledWith({
      subject: draft.subject,
      body: `${draft.body} Thanks!`,
      placeholderAlternatives: { event: ['RustConf', 'the meetup'] },
    });
    await act(async () => container().querySelector<HTMLButtonElement>('button[aria-label="Remove cv.pdf"]')?.click());
    await act(async () => button('Save')?.click());
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ attachments: [] }));
  });

  it('counts taking the résumé off as a change to save, and putting it back as none', async () => {
    await mount();
    await act(async () => container().querySelector<HTMLButtonElement>('button[aria-label="Remove cv.pdf"]')?.click());
    expect(attachmentRows()).toEqual([]);
    expect(button('Save')?.disabled).toBe(false);
    await act(async () => button('Attach my résumé')?.click());
    expect(button('Save')?.disabled).toBe(true);
  });

  it('tells the send bar about a removed résumé, so the send saves it first', async () => {
    const sendAction = vi.fn<DraftEditorProps['sendAction']>(() => null);
    await mount({ sendAction });
    expect(sendAction).toHaveBeenLastCalledWith(expect.objectContaining({ changes: null }));
    await act(async () => container().querySelector<HTMLButtonElement>('button[aria-label="Remove cv.pdf"]')?.click());
    expect(sendAction).toHaveBeenLastCalledWith(
      expect.objectContaining({ changes: expect.objectContaining({ attachments: [] }) }),
    );
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
    await mount({ documents: {} });
    expect(attachmentRows()).toEqual([]);
    expect(button('Attach my résumé')).toBeUndefined();
    expect(container().textContent).toContain('Upload a résumé on your profile');
  });

  it('lists what a sent e-mail carried without offering changes', async () => {
    await mount({ draft: wireDraft({ ...draft, status: 'sent', attachments: [resume] }) });
    expect(attachmentRows()).toEqual(['cv.pdf1 KB']);
    expect(button('Attach my résumé')).toBeUndefined();
  });
});
