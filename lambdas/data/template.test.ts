import { describe, expect, it } from 'vitest';
import {
  maxTemplateBodyLength,
  maxTemplateNameLength,
  maxTemplateSubjectLength,
} from '../../shared/schemas/templates.js';
import { maxItemBytes } from './item-size.js';
import { templateItemBytes } from './template.js';

describe('a stored template', () => {
  it('stays under DynamoDB’s 400 KB at the longest name, subject and body the routes take, in the widest characters', () => {
    // a UTF-16 code unit is at most 3 bytes of UTF-8 (a 4-byte character is 2 units)
    const widest = (length: number) => '字'.repeat(length);
    const bytes = templateItemBytes('0b8c1d2e-3f40-4152-8364-758697a8b9c0', {
      id: '01JAAAAAAAAAAAAAAAAAAAAAAA',
      name: widest(maxTemplateNameLength),
      subject: widest(maxTemplateSubjectLength),
      body: widest(maxTemplateBodyLength),
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
    expect(bytes).toBeGreaterThan(3 * maxTemplateBodyLength);
    expect(bytes).toBeLessThan(maxItemBytes);
  });
});
