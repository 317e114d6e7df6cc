import type { ShareLink, Workspace, WorkspaceEditor, WorkspaceRights } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../api/token-storage';
import { type FakeAnswer, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { useWorkspace } from '../api/get-workspace';
import { canEdit } from '../rights';
import { endOfDay } from '../share-links';
import { DetailsSection } from './details-section';
import { EditorsSection } from './editors-section';
import { ShareLinksSection } from './share-links-section';

const workspace = (rights: WorkspaceRights, extra: Partial<Workspace> = {}): Workspace => ({
  id: 5,
  name: 'Canal district',
  description: 'Bridges and quays',
  admin: 7,
  account: 1,
  plan: { id: 1, name: 'Trial' },
  editors: [9],
  camera: '{}',
  workspacePlugins: '{}',
  rights,
  version: 3,
  ...extra,
});

const link = (id: number, extra: Partial<ShareLink> = {}): ShareLink => ({
  id,
  token: `token-${id}`,
  label: '',
  expires: null,
  // Noon UTC: the same day in every time zone the tests may run in.
  created: '2025-03-04T12:00:00.000Z',
  last_used: null,
  ...extra,
});

const bob: WorkspaceEditor = { user: 9, username: 'bob', email: 'bob@example.org' };

function stubApi(rights: WorkspaceRights, overrides: Record<string, FakeAnswer> = {}) {
  return stubFetch({
    '/api/workspaces/5': () => json(workspace(rights)),
    '/api/workspaces/5/share': () => json(page([])),
    '/api/workspaces/5/editors': () => json(page([bob])),
    '/api/invite': () => json(page([])),
    ...overrides,
  });
}

const sent = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  requestsOf(fetchMock).filter((request) => request.method === method && request.path === path);

/** The sharing sections as the editor's panel (web/src/features/viewer) shows them for workspace 5. */
function SharingSections() {
  const { data: loaded } = useWorkspace(5);
  if (!loaded) return null;
  return (
    <>
      <h1>{loaded.name}</h1>
      {canEdit(loaded.rights) && <SharingSectionsOf workspace={loaded} />}
    </>
  );
}

function SharingSectionsOf({ workspace: loaded }: { workspace: Workspace }) {
  return (
    <>
      <DetailsSection workspace={loaded} />
      <ShareLinksSection workspace={loaded} />
      <EditorsSection workspace={loaded} />
    </>
  );
}

function renderEditor() {
  const router = createMemoryRouter([{ path: '/workspace/:id', element: <SharingSections /> }], {
    initialEntries: ['/workspace/5'],
  });
  renderWithProviders(<RouterProvider router={router} />);
}

const region = (name: string) => screen.findByRole('region', { name });
const snackbarText = async () => (await screen.findByRole('alert')).textContent;

describe('share links on the workspace editor', () => {
  const writeText = vi.fn(async (_text: string) => {});
  beforeEach(() => {
    setToken('token-of-ada');
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    writeText.mockClear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says what a share link is while there is none', async () => {
    stubApi('edit');
    renderEditor();
    const links = await region('Share links');
    expect(
      await within(links).findByText(
        'No share links yet. A share link shows this workspace read-only to anyone who has it, without logging in.',
      ),
    ).toBeTruthy();
  });

  it('lists each link with its label, dates and use; copies the link and the embed code', async () => {
    stubApi('admin', {
      '/api/workspaces/5/share': () =>
        json(
          page([
            link(11, { label: 'Press', last_used: '2025-03-05T12:30:00.000Z' }),
            link(12, { expires: '2030-01-31T12:00:00.000Z' }),
            link(13, { label: 'Old', expires: '2020-01-31T12:00:00.000Z' }),
          ]),
        ),
    });
    renderEditor();
    const links = within(await region('Share links'));
    const rows = within(await links.findByRole('list', { name: 'Share links' })).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('p')?.textContent)).toEqual(['Press', 'Untitled link', 'Old']);
    expect(rows[0]?.textContent).toContain('Created Mar 4, 2025');
    expect(rows[0]?.textContent).toContain('Never expires');
    expect(rows[0]?.textContent).toContain('Last used Mar 5, 2025');
    expect(rows[1]?.textContent).toContain('Expires Jan 31, 2030');
    expect(rows[1]?.textContent).toContain('Not used yet');
    expect(rows[2]?.textContent).toContain('Expired Jan 31, 2020');

    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Copy link' }));
    expect(await snackbarText()).toBe('Link copied');
    const url = `${window.location.origin}/workspace/share/5/token-12`;
    expect(writeText).toHaveBeenLastCalledWith(url);

    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Copy embed code' }));
    await screen.findByText('Embed code copied');
    expect(writeText).toHaveBeenLastCalledWith(
      `<iframe src="${url}" width="100%" height="480" style="border:0" title="Canal district" loading="lazy"></iframe>`,
    );
  });

  it('creates a link with a label and the end of the chosen day, or a bare one that never expires', async () => {
    let links: ShareLink[] = [];
    const fetchMock = stubApi('edit', {
      '/api/workspaces/5/share': ({ method, body }) => {
        if (method !== 'POST') return json(page(links));
        const { label = '', expires = null } = body as { label?: string; expires?: string | null };
        const created = link(20 + links.length, { label, expires });
        links = [...links, created];
        return json(created, 201);
      },
    });
    renderEditor();
    const form = within(await region('Share links'));
    const label = form.getByRole('textbox', { name: 'Label (optional)' }) as HTMLInputElement;
    const expires = form.getByLabelText('Expires on (optional)') as HTMLInputElement;
    expect(expires.type).toBe('date');

    fireEvent.change(label, { target: { value: 'Press' } });
    fireEvent.change(expires, { target: { value: '2030-01-31' } });
    fireEvent.click(form.getByRole('button', { name: 'Create link' }));
    expect(await form.findByText('Press')).toBeTruthy();
    expect(await snackbarText()).toBe('Share link created');
    expect(label.value).toBe('');
    expect(expires.value).toBe('');

    fireEvent.click(form.getByRole('button', { name: 'Create link' }));
    expect(await form.findByText('Untitled link')).toBeTruthy();

    const bodies = sent(fetchMock, 'POST', '/api/workspaces/5/share').map((request) => request.body);
    expect(bodies).toEqual([{ label: 'Press', expires: endOfDay('2030-01-31') }, { expires: null }]);
    expect(bodies[0].expires).toMatch(/^2030-01-31T23:59:59[+-]\d\d:\d\d$/);
  });

  it("shows the server's reasons under the fields", async () => {
    stubApi('edit', {
      '/api/workspaces/5/share': ({ method }) =>
        method === 'POST' ? json({ expires: ['The expiry must lie in the future.'] }, 400) : json(page([])),
    });
    renderEditor();
    const form = within(await region('Share links'));
    fireEvent.change(form.getByLabelText('Expires on (optional)'), { target: { value: '2030-01-31' } });
    fireEvent.click(form.getByRole('button', { name: 'Create link' }));
    const message = await form.findByText('The expiry must lie in the future.');
    expect(message.id).toBe(
      (form.getByLabelText('Expires on (optional)') as HTMLInputElement).getAttribute('aria-describedby'),
    );
  });

  it('revokes a link only after asking, with DELETE of that link', async () => {
    let links = [link(11, { label: 'Press' }), link(12, { label: 'Council' })];
    const fetchMock = stubApi('edit', {
      '/api/workspaces/5/share': () => json(page(links)),
      '/api/workspaces/5/share/12': ({ method }) => {
        if (method !== 'DELETE') return json({ detail: 'Method not allowed' }, 405);
        links = links.filter((item) => item.id !== 12);
        return new Response(null, { status: 204 });
      },
    });
    renderEditor();
    const section = within(await region('Share links'));
    const row = (await section.findByText('Council')).closest('li') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revoke this share link?' });
    expect(dialog.textContent).toContain('“Council” stops working at once');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf(fetchMock).filter((request) => request.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    dialog = await screen.findByRole('dialog', { name: 'Revoke this share link?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(section.queryByText('Council')).toBeNull());
    expect(section.getByText('Press')).toBeTruthy();
    expect(requestsOf(fetchMock).filter((request) => request.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: '/api/workspaces/5/share/12' }),
    ]);
  });
});

describe('editors on the workspace editor', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => vi.unstubAllGlobals());

  it("lets the admin add an editor by e-mail (the server's refusal under the field) and remove one", async () => {
    let editors = [bob];
    const fetchMock = stubApi('admin', {
      '/api/workspaces/5/editors': ({ method, body }) => {
        if (method !== 'POST') return json(page(editors));
        const { email } = body as { email: string };
        if (email === 'nobody@example.org')
          return json({ email: ['No active user has this e-mail address.'] }, 400);
        const added = { user: 10, username: 'cleo', email };
        editors = [...editors, added];
        return json(added, 201);
      },
      '/api/workspaces/5/editors/9': () => {
        editors = editors.filter((editor) => editor.user !== 9);
        return new Response(null, { status: 204 });
      },
    });
    renderEditor();
    const section = within(await region('Editors'));
    const list = await section.findByRole('list', { name: 'Editors' });
    expect(list.textContent).toContain('bob');
    expect(list.textContent).toContain('bob@example.org');

    const email = section.getByRole('textbox', { name: 'E-mail of the new editor' }) as HTMLInputElement;
    fireEvent.change(email, { target: { value: 'nobody@example.org' } });
    fireEvent.click(section.getByRole('button', { name: 'Add editor' }));
    expect(await section.findByText('No active user has this e-mail address.')).toBeTruthy();

    fireEvent.change(email, { target: { value: 'cleo@example.org' } });
    fireEvent.click(section.getByRole('button', { name: 'Add editor' }));
    expect(await section.findByText('cleo')).toBeTruthy();
    expect(await snackbarText()).toBe('cleo can now edit this workspace');
    expect(sent(fetchMock, 'POST', '/api/workspaces/5/editors').map((request) => request.body)).toEqual([
      { email: 'nobody@example.org' },
      { email: 'cleo@example.org' },
    ]);

    fireEvent.click(section.getByRole('button', { name: 'Remove bob' }));
    await waitFor(() => expect(section.queryByText('bob@example.org')).toBeNull());
    expect(sent(fetchMock, 'DELETE', '/api/workspaces/5/editors/9')).toHaveLength(1);
  });

  it('shows editors the list read-only', async () => {
    const fetchMock = stubApi('edit');
    renderEditor();
    const section = within(await region('Editors'));
    expect(await section.findByText('bob@example.org')).toBeTruthy();
    expect(section.queryByRole('textbox')).toBeNull();
    expect(section.queryByRole('button')).toBeNull();
    expect(screen.getByRole('region', { name: 'Share links' })).toBeTruthy();
    expect(sent(fetchMock, 'GET', '/api/workspaces/5/editors')).toHaveLength(1);
  });

  it('shows viewers neither share links, editors nor details, and asks for neither', async () => {
    const fetchMock = stubApi('view');
    renderEditor();
    await screen.findByRole('heading', { level: 1, name: 'Canal district' });
    expect(screen.queryByRole('region', { name: 'Share links' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Editors' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Details' })).toBeNull();
    const paths = requestsOf(fetchMock).map((request) => request.path);
    expect(paths).not.toContain('/api/workspaces/5/share');
    expect(paths).not.toContain('/api/workspaces/5/editors');
  });
});

describe('the details form on the workspace editor', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => vi.unstubAllGlobals());

  it('saves name and description with the version they were made on', async () => {
    let current = workspace('edit');
    const fetchMock = stubApi('edit', {
      '/api/workspaces/5': ({ method, body }) => {
        if (method === 'PATCH') current = { ...current, ...(body as object), version: current.version + 1 };
        return json(current);
      },
    });
    renderEditor();
    const details = within(await region('Details'));
    const name = details.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Canal district');
    fireEvent.change(name, { target: { value: 'Harbour' } });
    fireEvent.click(details.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour' })).toBeTruthy();
    expect(await snackbarText()).toBe('Workspace saved');

    fireEvent.change(name, { target: { value: 'Harbour north' } });
    fireEvent.click(details.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Harbour north' });
    expect(sent(fetchMock, 'PATCH', '/api/workspaces/5').map((request) => request.body)).toEqual([
      { version: 3, name: 'Harbour', description: 'Bridges and quays' },
      { version: 4, name: 'Harbour north', description: 'Bridges and quays' },
    ]);
  });

  it("on 409 shows the server's text, and Reload fetches the workspace and starts from it", async () => {
    const detail = 'Someone else changed this workspace meanwhile. Reload it and make your change again.';
    let current = workspace('admin');
    const fetchMock = stubApi('admin', {
      '/api/workspaces/5': ({ method, body }) => {
        if (method === 'PATCH') {
          if ((body as { version: number }).version !== current.version) return json({ detail }, 409);
          current = { ...current, ...(body as object), version: current.version + 1 };
        }
        return json(current);
      },
    });
    renderEditor();
    const details = within(await region('Details'));
    const name = details.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    // Meanwhile someone else renames it.
    current = { ...current, name: 'Renamed elsewhere', version: 4 };

    fireEvent.change(name, { target: { value: 'Mine' } });
    fireEvent.click(details.getByRole('button', { name: 'Save' }));
    const alert = await details.findByText(detail);
    expect(alert).toBeTruthy();
    expect(name.value).toBe('Mine');
    expect((details.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    const reads = sent(fetchMock, 'GET', '/api/workspaces/5').length;

    fireEvent.click(details.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(name.value).toBe('Renamed elsewhere'));
    expect(sent(fetchMock, 'GET', '/api/workspaces/5').length).toBe(reads + 1);
    expect(details.queryByText(detail)).toBeNull();

    fireEvent.change(name, { target: { value: 'Mine' } });
    fireEvent.click(details.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Mine' });
    expect(sent(fetchMock, 'PATCH', '/api/workspaces/5').map((request) => request.body)).toEqual([
      { version: 3, name: 'Mine', description: 'Bridges and quays' },
      { version: 4, name: 'Mine', description: 'Bridges and quays' },
    ]);
  });
});
