import { describe, expect, it } from 'vitest';
import { registerErrorMessages } from './register-errors';

const fallback = 'The server could not be reached.';

describe('registerErrorMessages (the messages a failed registration shows)', () => {
  it('shows the first key and its first message as "key: value"', () => {
    const body = { password: ['This password is too common.', 'This password is entirely numeric.'] };
    expect(registerErrorMessages(body, fallback)).toEqual(['password: This password is too common.']);
  });

  it('takes the first key of several', () => {
    const body = {
      username: ['A user with that username already exists.'],
      email: ['A user with that email already exists.'],
    };
    expect(registerErrorMessages(body, fallback)).toEqual([
      'username: A user with that username already exists.',
    ]);
  });

  it('shows each string of an array answer', () => {
    expect(registerErrorMessages(['One.', 'Two.', 3], fallback)).toEqual(['One.', 'Two.']);
  });

  it('shows a detail or error text as it is', () => {
    expect(registerErrorMessages({ detail: 'Too many requests.' }, fallback)).toEqual(['Too many requests.']);
    expect(registerErrorMessages({ error: 'Nope.' }, fallback)).toEqual(['Nope.']);
  });

  it('keeps a scalar value and a text body', () => {
    expect(registerErrorMessages({ username: 'Taken.' }, fallback)).toEqual(['username: Taken.']);
    expect(registerErrorMessages('Bad gateway', fallback)).toEqual(['Bad gateway']);
  });

  it('falls back when there is nothing to show', () => {
    expect(registerErrorMessages(null, fallback)).toEqual([fallback]);
    expect(registerErrorMessages({}, fallback)).toEqual([fallback]);
    expect(registerErrorMessages([], fallback)).toEqual([fallback]);
    expect(registerErrorMessages({ username: [] }, fallback)).toEqual([fallback]);
  });
});
