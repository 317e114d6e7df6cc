import type { UserGroup, UserGroupMember } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../api/client';
import { setToken } from '../../../api/token-storage';
import { account, ada, type FakeAnswer, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

const north = account(1, 'North');
const south = account(2, 'South');
const group = (id: number, name: string, members = 0): UserGroup => ({
  id,
  name,
  account: north.id,
  // Noon UTC: the same day in every time zone the tests may run in.
  date_modified: '2025-03-04T12:00:00.000Z',
  members,
});
const editors = group(3, 'Editors', 2);

function stubApi(overrides: Record<string, FakeAnswer> = {}) {
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/accounts': () => json(page([north, south])),
    '/api/userGroup': () => json(page([editors])),
    ...overrides,
  });
}

const sent = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  requestsOf(fetchMock).filter((request) => request.method === method && request.path === path);

describe('the user groups screen', () => {
  beforeEach(() => {
    setToken('token-of-ada');
    localStorage.setItem('activeAccount', '2');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
  });

  it("lists the active account's groups with their date as YYYY-MM-DD", async () => {
    const fetchMock = stubApi();
    renderRouterAt('/usergroups');
    await screen.findByRole('heading', { level: 1, name: 'User Groups' });
    expect(
      screen.getByText(
        'User groups can be added to individual layers, so that only their members see those layers.',
      ),
    ).toBeTruthy();
    const row = (await screen.findByText('Editors')).closest('li') as HTMLElement;
    expect(row.textContent).toContain('2025-03-04');
    expect(within(row).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Members' })).toBeTruthy();
    expect(sent(fetchMock, 'GET', '/api/userGroup').map((request) => request.query.get('account'))).toEqual([
      '2',
    ]);
  });

  it("says 'No user groups found.' without groups", async () => {
    stubApi({ '/api/userGroup': () => json(page([])) });
    renderRouterAt('/usergroups');
    expect(await screen.findByText('No user groups found.')).toBeTruthy();
  });

  it('creates a group in the active account, clears the name and reloads', async () => {
    let groups = [editors];
    const fetchMock = stubApi({
      '/api/userGroup': ({ method, body }) => {
        if (method !== 'POST') return json(page(groups));
        const created = { ...group(4, (body as { name: string }).name), account: south.id };
        groups = [...groups, created];
        return json(created, 201);
      },
    });
    renderRouterAt('/usergroups');
    await screen.findByText('Editors');
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    const create = screen.getByRole('button', { name: 'Create group' });

    fireEvent.click(create);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/userGroup')).toHaveLength(0);

    fireEvent.change(name, { target: { value: 'Reviewers' } });
    fireEvent.click(create);
    expect(await screen.findByText('Reviewers')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/userGroup').map((request) => request.body)).toEqual([
      { name: 'Reviewers', account: 2 },
    ]);
    expect(name.value).toBe('');
    expect(sent(fetchMock, 'GET', '/api/userGroup').length).toBeGreaterThanOrEqual(2);
  });

  it('disables Create group while the groups load', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({ '/api/userGroup': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderRouterAt('/usergroups');
    const create = (await screen.findByRole('button', { name: 'Create group' })) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    answer(json(page([editors])));
    await waitFor(() => expect(create.disabled).toBe(false));
  });

  it('deletes a group after asking, reloads and closes the dialog; a failure is only logged', async () => {
    let groups = [editors, group(5, 'Viewers')];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = stubApi({
      '/api/userGroup': () => json(page(groups)),
      '/api/userGroup/3': () => {
        groups = groups.filter((item) => item.id !== 3);
        return new Response(null, { status: 204 });
      },
      '/api/userGroup/5': () => json({ detail: 'Server error' }, 500),
    });
    renderRouterAt('/usergroups');
    const row = (await screen.findByText('Editors')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user group' });
    expect(dialog.textContent).toContain('“Editors”');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Editors')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent(fetchMock, 'DELETE', '/api/userGroup/3')).toHaveLength(1);

    const viewers = screen.getByText('Viewers').closest('li') as HTMLElement;
    fireEvent.click(within(viewers).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(warn).toHaveBeenCalledWith('The user group could not be deleted', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the members dialog', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  it('lists members (pending ones waiting for registration), adds by e-mail and removes', async () => {
    let members: UserGroupMember[] = [
      { id: 11, user: 7, email: 'ada@example.org', username: 'ada' },
      { id: 12, user: null, email: 'new@example.org', username: null },
    ];
    const fetchMock = stubApi({
      '/api/userGroup/3/members': ({ method, body }) => {
        if (method === 'GET') return json(page(members));
        const { email } = body as { email: string };
        if (email === 'twice@example.org') return json({ email: ['This address is already a member.'] }, 400);
        const added = { id: 13, user: null, email, username: null };
        members = [...members, added];
        return json(added, 201);
      },
      '/api/userGroup/3/members/11': () => {
        members = members.filter((member) => member.id !== 11);
        return new Response(null, { status: 204 });
      },
    });
    renderRouterAt('/usergroups');
    const row = (await screen.findByText('Editors')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Members' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Editors' });
    const list = await within(dialog).findByRole('list', { name: 'Members' });
    const pending = within(list).getByText('new@example.org').closest('li') as HTMLElement;
    expect(pending.textContent).toContain('Waiting for registration');
    expect((within(list).getByText('ada@example.org').closest('li') as HTMLElement).textContent).toContain(
      'ada',
    );

    const email = within(dialog).getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('Email is required')).toBeTruthy();
    fireEvent.change(email, { target: { value: 'twice@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText('This address is already a member.')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'grace@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    const added = (await within(dialog).findByText('grace@example.org')).closest('li') as HTMLElement;
    expect(added.textContent).toContain('Waiting for registration');
    expect(email.value).toBe('');
    expect(sent(fetchMock, 'POST', '/api/userGroup/3/members').map((request) => request.body)).toEqual([
      { email: 'twice@example.org' },
      { email: 'grace@example.org' },
    ]);

    const adaRow = within(dialog).getByText('ada@example.org').closest('li') as HTMLElement;
    fireEvent.click(within(adaRow).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(dialog).queryByText('ada@example.org')).toBeNull());
    expect(sent(fetchMock, 'DELETE', '/api/userGroup/3/members/11')).toHaveLength(1);
  });
});
