import { describe, expect, it } from 'vitest';
import { createDataClient } from './client.js';

describe('the data client', () => {
  it('is one per table and endpoint in a process, and one of its own when configured', () => {
    const db = createDataClient('shared-table');
    expect(createDataClient('shared-table')).toBe(db);
    expect(db.table).toBe('shared-table');
    const configured = createDataClient('shared-table', { region: 'us-east-1' });
    expect(configured).not.toBe(db);
    expect(configured.documents).not.toBe(db.documents);
  });
});
