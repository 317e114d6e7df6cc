import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, page, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

describe('a share link the API does not know', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says it expired or was revoked, with the way home, not "Page not found"', async () => {
    stubFetch({
      '/api/sites': () => json(page([])),
      '/api/workspaces/9': () => json({ detail: 'Not found.' }, 404),
    });
    const router = renderRouterAt('/workspace/share/9/revoked-token');
    // The map's screen is a large chunk: more than a second to load here.
    await screen.findByRole(
      'heading',
      { level: 1, name: 'This link has expired or was revoked' },
      { timeout: 5000 },
    );
    expect(screen.queryByText('Page not found')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(router.state.location.pathname).toBe('/workspace/share/9/revoked-token');
  });
});
