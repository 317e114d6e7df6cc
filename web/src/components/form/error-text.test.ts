import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { responseBodyText } from './error-text';

describe('responseBodyText (the response body as a message)', () => {
  it('names every field with its messages', () => {
    const error = new ApiError(400, { name: ['Name is required'], admin: ['Must be you.', 'Really.'] });
    expect(responseBodyText(error, i18next.t)).toBe('name: Name is required\nadmin: Must be you. Really.');
  });

  it("shows the server's text otherwise, and a network error when there was no answer", () => {
    expect(responseBodyText(new ApiError(403, { detail: 'Forbidden.' }), i18next.t)).toBe('Forbidden.');
    expect(responseBodyText(new TypeError('Failed to fetch'), i18next.t)).toBe(
      'The server could not be reached. Please try again in a moment.',
    );
  });
});
