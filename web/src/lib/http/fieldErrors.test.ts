import { describe, expect, it } from 'vitest';
import { ApiError } from './ApiError';
import { fieldErrors } from './fieldErrors';

const invalid = (details: unknown) =>
  new ApiError({
    status: 400,
    code: 'validation_failed',
    message: 'Invalid request. Please check your input.',
    details,
  });

describe('fieldErrors', () => {
  it('names the form field of each issue of the envelope, its messages together', () => {
    const error = invalid([
      { field: 'body.bio', message: 'Too long' },
      { field: 'body.displayName', message: 'Too long' },
      { field: 'body.bio', message: 'Not text' },
    ]);
    expect(fieldErrors(error, ['bio', 'displayName'])).toEqual([
      { name: 'bio', errors: ['Too long', 'Not text'] },
      { name: 'displayName', errors: ['Too long'] },
    ]);
  });

  it('leaves out fields the form does not have and malformed details', () => {
    const error = invalid([{ field: 'body.unknown', message: 'Unknown field' }, { message: 'no field' }, 'text']);
    expect(fieldErrors(error, ['bio'])).toEqual([]);
  });

  it('answers nothing for other errors', () => {
    expect(fieldErrors(new Error('boom'), ['bio'])).toEqual([]);
    expect(fieldErrors(new ApiError({ status: 500, code: 'server_error', message: 'x' }), ['bio'])).toEqual([]);
  });
});

describe('fieldErrors with wire names mapped to form names', () => {
  it('puts a snake_case field of the answer on its camelCase form field and skips unknown ones', () => {
    const error = new ApiError({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid request. Please check your input.',
      details: [
        { field: 'body.job_title', message: 'Too long' },
        { field: 'body.linkedin_url', message: 'Not here' },
      ],
    });
    expect(fieldErrors(error, { job_title: 'jobTitle', email: 'email' })).toEqual([
      { name: 'jobTitle', errors: ['Too long'] },
    ]);
  });
});
