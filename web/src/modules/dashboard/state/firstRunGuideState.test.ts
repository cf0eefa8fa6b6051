// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';

describe('the first-run guide dismissal', () => {
  it("is kept across visits for the account that dismissed it, not for another one's", async () => {
    localStorage.clear();
    const first = await import('./firstRunGuideState');
    first.dismissFirstRunGuide('user-a');
    first.dismissFirstRunGuide('user-a');
    expect(first.firstRunGuideState.dismissedBy).toEqual(['user-a']);

    vi.resetModules();
    const nextVisit = await import('./firstRunGuideState');
    expect(nextVisit.firstRunGuideState.dismissedBy).toEqual(['user-a']);
    expect(nextVisit.firstRunGuideState.dismissedBy).not.toContain('user-b');
  });

  it('reads a stored value it did not write as no dismissal', async () => {
    localStorage.setItem('outreach.firstRunGuideDismissed', '{"not":"a list"}');
    vi.resetModules();
    const { firstRunGuideState } = await import('./firstRunGuideState');
    expect(firstRunGuideState.dismissedBy).toEqual([]);
  });
});
