import { describe, expect, it } from 'vitest';
import { emailLookupStatuses, relationshipStatuses } from '@shared/schemas/contacts';
import { lookupStatusOptions, relationshipOptions } from './contactLabels';

describe('contact filter choices', () => {
  it('offer every status of the shared schema, in its order', () => {
    expect(lookupStatusOptions.map((option) => option.value)).toEqual(emailLookupStatuses);
    expect(relationshipOptions.map((option) => option.value)).toEqual(relationshipStatuses);
  });
});
