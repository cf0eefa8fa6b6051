import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http/ApiError';
import { StorageUploadError } from '../api/documentsApi';
import { documentKindSpecs } from './documentKinds';
import { parseProcessedDocument, uploadErrorMessage } from './uploadErrorMessage';

const resume = documentKindSpecs.resume;

describe('parseProcessedDocument', () => {
  it('takes an answer of the spec shape', () => {
    const answer = {
      fileName: 'cv.pdf',
      fileSize: 10,
      fileUrl: 'https://x',
      content: 'text',
      lastUpdated: '2026-01-01T00:00:00Z',
    };
    expect(parseProcessedDocument(answer, resume)).toEqual(answer);
  });

  it('refuses another shape with the endpoint named', () => {
    expect(() => parseProcessedDocument(null, resume)).toThrow(
      'Invalid response received from resume processing endpoint.',
    );
    expect(() => parseProcessedDocument({ fileName: 'x' }, documentKindSpecs['cover-letter'])).toThrow(
      'Invalid response received from cover letter processing endpoint.',
    );
    expect(() => parseProcessedDocument({}, documentKindSpecs.background)).toThrow(
      'Invalid response received from background file processing endpoint.',
    );
  });
});

describe('uploadErrorMessage', () => {
  const apiError = (status: number, message: string, code = 'http_error') => new ApiError({ status, code, message });

  it("shows the server's own text for a refused document", () => {
    expect(uploadErrorMessage(apiError(422, 'Failed to process resume file.'), 'processing', resume)).toBe(
      'Failed to process resume file.',
    );
    expect(uploadErrorMessage(apiError(400, 'File size exceeds the maximum limit of 5MB.'), 'ticket', resume)).toBe(
      'File size exceeds the maximum limit of 5MB.',
    );
  });

  it("says the kind's failure when processing broke on the server", () => {
    expect(uploadErrorMessage(apiError(500, 'Server error. Please try again later.'), 'processing', resume)).toBe(
      'Failed to process resume file.',
    );
  });

  it('says the answer was invalid when it was not an envelope', () => {
    expect(uploadErrorMessage(apiError(200, 'Server error.', 'bad_response'), 'processing', resume)).toBe(
      'Invalid response received from resume processing endpoint.',
    );
  });

  it("passes on the storage's and the client's texts", () => {
    expect(uploadErrorMessage(new StorageUploadError('refused'), 'storage', resume)).toBe('refused');
    expect(
      uploadErrorMessage(
        apiError(0, 'Network error. Please check your connection.', 'network_error'),
        'ticket',
        resume,
      ),
    ).toBe('Network error. Please check your connection.');
  });
});
