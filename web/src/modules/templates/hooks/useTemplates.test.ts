import { maxTemplateNameLength } from '@shared/schemas/templates';
import { describe, expect, it } from 'vitest';
import { copyName } from './useTemplates';

describe('the name of a duplicated template', () => {
  it('is the name with (copy), shortened first when a copy of a long name would be too long to save', () => {
    expect(copyName('Coffee chat')).toBe('Coffee chat (copy)');
    const longest = 'x'.repeat(maxTemplateNameLength);
    expect(copyName(longest)).toHaveLength(maxTemplateNameLength);
    expect(copyName(longest).endsWith(' (copy)')).toBe(true);
  });
});
