import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportFile';

describe('exportFileName', () => {
  it('dates the file by the local calendar day, zero-padded', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('outreach-export-2026-01-05.json');
    expect(exportFileName(new Date(2026, 10, 28, 0, 1))).toBe('outreach-export-2026-11-28.json');
  });
});
