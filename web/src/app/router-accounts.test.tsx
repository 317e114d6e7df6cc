import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../api/client';
import { setToken } from '../api/token-storage';
import { account, ada, json, page, stubFetch, workspace } from '../test/fake-api';
import { renderRouterAt } from '../test/render-router';

const north = account(1, 'North');
const south = account(2, 'South');
const harbour = workspace(5, 'Harbour', north.id, { description: 'The harbour in 3D' });

/** The text of every page heading (h1) on screen; a screen has exactly one. */
const pageHeadings = () => screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent);

function stubApi(overrides: Record<string, () => Response> = {}) {
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/accounts': () => json(page([north, south])),
    '/api/workspaces': () => json(page([harbour])),
    '/api/demo': () => json(0),
    ...overrides,
  });
}

describe('the account routes', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it("guard 3: home opens the first account's page, with its workspaces and the account dropdown", async () => {
    stubApi();
    const router = renderRouterAt('/');
    // The file's first screen loads cold: more than the default second on a busy machine.
    await screen.findByRole('heading', { level: 1, name: 'North' }, { timeout: 5000 });
    expect(pageHeadings()).toEqual(['North']);
    expect(router.state.location.pathname).toBe('/account/north');
    const row = (await screen.findByText('Harbour')).closest('li') as HTMLElement;
    expect(within(row).getByText('Plan').nextElementSibling?.textContent).toBe('Trial');
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/workspace/5');
    // The map itself opens from the row: Open, and the name.
    expect(within(row).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/workspace/view/5');
    expect(within(row).getByRole('link', { name: 'Harbour' }).getAttribute('href')).toBe('/workspace/view/5');
    expect(screen.getByRole('button', { name: 'North' }).getAttribute('aria-haspopup')).toBe('true');
    expect(localStorage.getItem('activeAccount')).toBe('1');
  });

  it('guard 7: an account route without accounts goes to /account/create, with the warning', async () => {
    stubApi({ '/api/accounts': () => json(page([])) });
    const router = renderRouterAt('/accounts');
    const warning = await screen.findByText('Create an account to get started');
    expect(warning.closest('[role="alert"]')?.textContent).toBe('Create an account to get started');
    expect(router.state.location.pathname).toBe('/account/create');
  });

  it("a slug that is not one of the caller's accounts is not found", async () => {
    stubApi();
    const router = renderRouterAt('/account/someone-elses');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(pageHeadings()).toEqual(['Page not found']);
    expect(router.state.location.pathname).toBe('/account/someone-elses');
  });

  it('a workspace the API does not find is not found', async () => {
    stubApi({ '/api/workspaces/9': () => json({ detail: 'Not found.' }, 404) });
    const router = renderRouterAt('/workspace/view/9');
    // The map's screen is a large chunk (the editor comes with it): more than a second to load here.
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 });
    expect(pageHeadings()).toEqual(['Page not found']);
    expect(router.state.location.pathname).toBe('/workspace/view/9');
  });

  it('a viewer opening the editor lands on the view, without Edit', async () => {
    stubApi({
      '/api/workspaces/5': () => json({ ...harbour, rights: 'view' }),
      '/api/layers': () => json(page([])),
      '/api/layers/sources': () => json({ results: [] }),
    });
    const router = renderRouterAt('/workspace/5');
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/view/5'), { timeout: 5000 });
    await screen.findByRole('heading', { level: 1, name: 'Harbour' }, { timeout: 5000 });
    expect(screen.getByText('View')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Sharing' })).toBeNull();
  });

  it('guard 2: in demo mode an account page opens the demo workspace', async () => {
    localStorage.setItem('demo', 'true');
    stubApi({ '/api/demo': () => json(5), '/api/workspaces/5': () => json({ ...harbour, rights: 'view' }) });
    const router = renderRouterAt('/account/north');
    await screen.findByRole('heading', { level: 1, name: 'Harbour' });
    expect(pageHeadings()).toEqual(['Harbour']);
    expect(router.state.location.pathname).toBe('/workspace/view/5');
  });
});
