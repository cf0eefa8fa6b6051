import { describe, expect, it } from 'vitest';
import { attachedSources } from './draft-attachments.js';

const resume = { name: 'cv.pdf', source: 'resume' };
const coverLetter = { name: 'letter.pdf', source: 'cover_letter' };

describe('the documents a draft sends', () => {
  it('attaches the résumé by default to the first e-mail of a conversation only, as includeResume says', () => {
    expect(attachedSources({ draftType: 'initial_outreach' }, true)).toEqual(['resume']);
    expect(attachedSources({ draftType: 'initial_outreach' }, false)).toEqual([]);
    expect(attachedSources({ draftType: 'reply' }, true)).toEqual([]);
    expect(attachedSources({ draftType: 'follow_up' }, true)).toEqual([]);
  });

  it('sends exactly what the person chose once the draft names its attachments, whatever includeResume says', () => {
    expect(attachedSources({ draftType: 'initial_outreach', attachments: [] }, true)).toEqual([]);
    expect(attachedSources({ draftType: 'follow_up', attachments: [resume] }, false)).toEqual(['resume']);
    expect(attachedSources({ draftType: 'reply', attachments: [coverLetter, resume] }, true)).toEqual([
      'resume',
      'cover_letter',
    ]);
  });

  it('leaves out what the send path cannot attach', () => {
    expect(
      attachedSources(
        { draftType: 'reply', attachments: [{ name: 'x.pdf', source: 'https://example.com/x.pdf' }] },
        true,
      ),
    ).toEqual([]);
  });
});
