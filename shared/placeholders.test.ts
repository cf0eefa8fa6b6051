import { describe, expect, it } from 'vitest';
import { fillPlaceholders, placeholders, placeholdersIn, unknownPlaceholders } from './placeholders.js';

describe('placeholders', () => {
  it('finds the names in double braces, spaces inside allowed, once each', () => {
    expect(placeholdersIn('Hi {{ firstName }}, {{firstName}} of {{company}} and {{ nick name }} {single}')).toEqual([
      'firstName',
      'company',
      'nick name',
    ]);
    expect(unknownPlaceholders('{{firstName}} {{FirstName}}', '{{school}} {{}} {{first_name}}')).toEqual([
      'FirstName',
      '',
      'first_name',
    ]);
    expect(unknownPlaceholders(...placeholders.map((name) => `{{${name}}}`))).toEqual([]);
  });

  it('fills known placeholders and leaves those without a value as written, naming them', () => {
    expect(
      fillPlaceholders('{{firstName}} at {{ company }}, {{school}} {{school}} {{other}} {{myName}}', {
        firstName: 'Ada',
        company: '  ',
        myName: 'Grace $& $1',
      }),
    ).toEqual({
      text: 'Ada at {{ company }}, {{school}} {{school}} {{other}} Grace $& $1',
      missing: ['company', 'school'],
    });
  });
});
