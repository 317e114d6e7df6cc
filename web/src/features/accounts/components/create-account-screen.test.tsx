import type { Account, Invitation } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../api/client';
import { setToken } from '../../../api/token-storage';
import { account, ada, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

const invitation = (id: number, workspace: number, name: string): Invitation => ({
  id,
  workspace: { id: workspace, name },
  email: ada.email,
  created: '2025-03-04T12:00:00.000Z',
});

/** The API of a user without an account, who may have been invited; creating one adds it to the list. */
function stubApi(invitations: Invitation[]) {
  const accounts: Account[] = [];
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/demo': () => json(0),
    '/api/invite': () => json(page(invitations)),
    '/api/workspaces': () => json(page([])),
    '/api/accounts': ({ method }) => {
      if (method !== 'POST') return json(page(accounts));
      accounts.push(account(1, 'North'));
      return json(accounts[0], 201);
    },
  });
}

/** The screen's own status (the shell has one too: its loading overlay). */
const invitedNote = async () =>
  within(await screen.findByRole('main', {}, { timeout: 5000 })).findByRole('status', {}, { timeout: 5000 });

async function createFirstAccount() {
  fireEvent.change(screen.getByLabelText('Account name'), { target: { value: 'North' } });
  fireEvent.change(screen.getByLabelText('Account description'), { target: { value: 'Our maps' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('Create account for someone invited before they had an account', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('names the workspace, says what the account is for, and then opens that workspace', async () => {
    stubApi([invitation(3, 5, 'Canal district')]);
    const router = renderRouterAt('/shared');
    const note = await invitedNote();
    expect(router.state.location.pathname).toBe('/account/create');
    expect(note.textContent).toContain('You were invited to “Canal district”');
    expect(note.textContent).toContain('first create your own account');
    // The spec's warning stays, and stays the only alert.
    expect(screen.getByRole('alert').textContent).toBe('Create an account to get started');

    await createFirstAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/workspace/view/5'), { timeout: 5000 });
  });

  it('names each workspace when there are several, and then lists them', async () => {
    stubApi([invitation(3, 5, 'Canal district'), invitation(4, 6, 'Dikes and dunes')]);
    const router = renderRouterAt('/account/create');
    const note = await invitedNote();
    expect(note.textContent).toContain('You were invited to “Canal district” and “Dikes and dunes”');

    await createFirstAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/shared'));
  });

  it('an ordinary first account: no note, and on to /accounts as the spec says', async () => {
    const fetchMock = stubApi([]);
    const router = renderRouterAt('/account/create');
    await screen.findByText('Create an account to get started', {}, { timeout: 5000 });
    await waitFor(() => expect(requestsOf(fetchMock).some(({ path }) => path === '/api/invite')).toBe(true));
    expect(within(screen.getByRole('main')).queryByRole('status')).toBeNull();

    await createFirstAccount();
    await waitFor(() => expect(router.state.location.pathname).toBe('/accounts'));
  });
});
