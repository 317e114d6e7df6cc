import { describe, expect, it } from 'vitest';
import { viewLink } from './view-link';

describe('viewLink', () => {
  const origin = 'https://maps.example.org';

  it('links the viewer at the view', () => {
    expect(viewLink(origin, '/workspace/view/12', 'a1b2c3')).toBe(
      'https://maps.example.org/workspace/view/12?view=a1b2c3',
    );
  });

  it('keeps the share link on the share page, for visitors without a login', () => {
    expect(viewLink(origin, '/workspace/share/12/s3cret-Token', '7')).toBe(
      'https://maps.example.org/workspace/share/12/s3cret-Token?view=7',
    );
  });

  it('links the viewer, not the editor, from the editor', () => {
    expect(viewLink(origin, '/workspace/12', 'x')).toBe('https://maps.example.org/workspace/view/12?view=x');
  });

  it('encodes an id that is not URL-safe', () => {
    expect(viewLink(origin, '/workspace/view/12', 'a b&c')).toBe(
      'https://maps.example.org/workspace/view/12?view=a+b%26c',
    );
    expect(new URL(viewLink(origin, '/workspace/view/12', 'a b&c')).searchParams.get('view')).toBe('a b&c');
  });
});
