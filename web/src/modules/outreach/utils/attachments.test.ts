import { describe, expect, it } from 'vitest';
import { resumeAttachment, startsWithResume, withResume } from './attachments';

const resume = { name: 'cv.pdf', source: 'resume', size: 1200 };
const portfolio = { name: 'portfolio.pdf', source: 'https://example.com/portfolio.pdf' };

describe('résumé attachment', () => {
  it('is the uploaded résumé, or none', () => {
    expect(resumeAttachment({ resumeFileName: 'cv.pdf', resumeFileSize: 1200 })).toEqual(resume);
    expect(resumeAttachment({ resumeFileName: '', resumeFileSize: 0 })).toBeNull();
    expect(resumeAttachment(undefined)).toBeNull();
  });

  it('starts as includeResume says for a draft never saved with attachments, as the draft says after', () => {
    expect(startsWithResume({}, true, true)).toBe(true);
    expect(startsWithResume({}, true, false)).toBe(false);
    expect(startsWithResume({}, false, true)).toBe(false);
    expect(startsWithResume({ attachments: [] }, true, true)).toBe(false);
    expect(startsWithResume({ attachments: [resume] }, false, true)).toBe(true);
  });

  it('adds or removes only the résumé', () => {
    expect(withResume([portfolio], resume, true)).toEqual([portfolio, resume]);
    expect(withResume([portfolio, resume], resume, false)).toEqual([portfolio]);
    expect(withResume([resume], resume, true)).toEqual([resume]);
    expect(withResume(undefined, null, true)).toEqual([]);
  });
});
