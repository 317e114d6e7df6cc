import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

describe('ApiError', () => {
  it('uses the detail of a DRF error', () => {
    expect(new ApiError(401, { detail: 'Invalid token.' }).message).toBe('Invalid token.');
  });

  it('uses the error field of login failures', () => {
    expect(new ApiError(400, { error: 'Unable to log in' }).message).toBe('Unable to log in');
  });

  it('names the first field of a validation error and exposes all fields', () => {
    const error = new ApiError(400, { username: ['A user with that username already exists.'] });
    expect(error.message).toBe('username: A user with that username already exists.');
    expect(error.fieldErrors).toEqual({ username: ['A user with that username already exists.'] });
  });

  it('falls back to the status', () => {
    expect(new ApiError(502, null).message).toBe('Request failed with status 502');
  });
});
