import { describe, expect, it } from 'vitest';
import { returnPath } from './returnPath';

describe('returnPath', () => {
  it('returns the in-app path a visitor was sent away from', () => {
    expect(returnPath({ from: '/dashboard?tab=2#top' })).toBe('/dashboard?tab=2#top');
  });

  it('ignores other origins, sign-in pages and missing state', () => {
    expect(returnPath({ from: '//evil.example/x' })).toBeUndefined();
    expect(returnPath({ from: 'https://evil.example' })).toBeUndefined();
    expect(returnPath({ from: '/login' })).toBeUndefined();
    expect(returnPath({ from: '/signup?ref=ABCD' })).toBeUndefined();
    expect(returnPath(null)).toBeUndefined();
    expect(returnPath(undefined)).toBeUndefined();
  });

  it('keeps paths that merely start like a sign-in page', () => {
    expect(returnPath({ from: '/signins-report' })).toBe('/signins-report');
  });
});
