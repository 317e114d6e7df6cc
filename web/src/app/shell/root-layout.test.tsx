import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../api/client';
import { setToken } from '../../api/token-storage';
import { ada, json, page, stubFetch } from '../../test/fake-api';
import { renderRouterAt } from '../../test/render-router';

describe('the shell on a first visit', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
    setToken(null);
  });

  it('keeps the footer out of sight until the first screen has its data, so nothing jumps', async () => {
    setToken('token-of-ada');
    let answerDetails: (response: Response) => void = () => {};
    stubFetch({
      '/api/sites': () => json(page([])),
      '/api/users': () => json(page([ada])),
      '/api/accounts': () => json(page([])),
      '/api/userGroup': () => json(page([])),
      '/auth/mfa/user-active-methods': () => json(page([])),
      // The profile's details answer only when the test says so.
      '/api/extendUsers': () => new Promise<Response>((resolve) => (answerDetails = resolve)),
    });
    renderRouterAt('/profile');

    await screen.findByRole('heading', { level: 1, name: 'Profile' }, { timeout: 5000 });
    // Laid out (it keeps its place) but not shown, and hidden from assistive technology.
    const footer = document.querySelector('footer');
    expect(footer).not.toBeNull();
    expect(footer?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('contentinfo')).toBeNull();

    answerDetails(json(page([{ id: 7, company: '', street: '', number: '', city: '', country: '' }])));
    const shown = await screen.findByRole('contentinfo', {}, { timeout: 5000 });
    expect(shown.getAttribute('aria-hidden')).toBeNull();
    expect(shown.textContent).toContain('GeoWorkspaces');
  });
});
