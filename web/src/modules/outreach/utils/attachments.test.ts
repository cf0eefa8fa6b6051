import { describe, expect, it } from 'vitest';
import { attachableDocuments, attachmentsOf } from './attachments';

const profile = { resumeFileName: 'cv.pdf', resumeFileSize: 1200, coverLetterFileName: '', coverLetterFileSize: 0 };
const resume = { name: 'cv.pdf', source: 'resume', size: 1200 };

describe('the documents an e-mail can carry', () => {
  it('are the uploaded résumé and cover letter, or none', () => {
    expect(attachableDocuments(profile)).toEqual({ resume });
    expect(
      attachableDocuments({ ...profile, coverLetterFileName: 'letter.pdf', coverLetterFileSize: 900 }).cover_letter,
    ).toEqual({ name: 'letter.pdf', source: 'cover_letter', size: 900 });
    expect(attachableDocuments({ ...profile, resumeFileName: '' })).toEqual({});
    expect(attachableDocuments(undefined)).toEqual({});
  });

  it('lists the chosen ones that are uploaded, as the profile names them now', () => {
    const documents = attachableDocuments(profile);
    expect(attachmentsOf(['resume'], documents)).toEqual([resume]);
    expect(attachmentsOf(['resume', 'cover_letter'], documents)).toEqual([resume]);
    expect(attachmentsOf([], documents)).toEqual([]);
  });
});
