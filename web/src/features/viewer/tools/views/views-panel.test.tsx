import type { SavedView, Workspace } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { fakeEngine, toolContext, workspaceWith } from '../testing';
import type { ToolContext } from '../tool';
import { ViewsPanel } from './views-panel';
import { viewsTool } from './views-tool';

const harbourCamera = { longitude: 4.9, latitude: 52.37, height: 800, heading: 0, pitch: -45, roll: 0 };
const quayCamera = { longitude: 4.3, latitude: 51.9, height: 1500, heading: 90, pitch: -30, roll: 0 };
const hereCamera = { longitude: 5.1, latitude: 52.09, height: 600, heading: 45, pitch: -60, roll: 0 };

const harbour: SavedView = {
  id: 'h4rb0ur',
  title: 'Harbour',
  camera: harbourCamera,
  visible: [3, 4],
  split: 0.3,
};
const quay: SavedView = { id: 12, title: 'Quay', camera: quayCamera, visible: [], split: null };

const editable = (plugins: object) => workspaceWith(plugins, { rights: 'edit' });

const contextFor = (plugins: object, overrides: Partial<ToolContext> = {}) =>
  toolContext({
    workspace: editable(plugins),
    engine: fakeEngine({ flyTo: vi.fn(), getCamera: vi.fn(() => hereCamera) }),
    canEdit: true,
    visibleLayers: [2, 9],
    ...overrides,
  });

const renderPanel = (context: ToolContext) =>
  renderWithProviders(<ViewsPanel {...context} onClose={vi.fn()} />);

/** A PATCH answered as the server does: the plugins as sent, one version on. */
const savedAsSent = (workspace: Workspace) => ({
  '/api/workspaces/5': ({ body }: { body: unknown }) => {
    const sent = body as { version: number; workspacePlugins: string };
    return json({ ...workspace, workspacePlugins: sent.workspacePlugins, version: sent.version + 1 });
  },
});

const sentViews = (fetchMock: ReturnType<typeof stubFetch>, index = 0) => {
  const request = requestsOf(fetchMock)[index];
  expect(request?.method).toBe('PATCH');
  return JSON.parse(request?.body.workspacePlugins).views as SavedView[];
};

const rows = () => within(screen.getByRole('list', { name: 'Saved views' })).getAllByRole('listitem');

describe('the saved views panel', () => {
  const writeText = vi.fn<(text: string) => Promise<void>>();
  beforeEach(() => {
    writeText.mockReset().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('is offered when the workspace has views, or to whoever may add one', () => {
    expect(viewsTool.available(contextFor({ views: [harbour] }, { canEdit: false }))).toBe(true);
    expect(viewsTool.available(contextFor({}, { canEdit: true }))).toBe(true);
    expect(viewsTool.available(contextFor({}, { canEdit: false }))).toBe(false);
    expect(viewsTool.available(contextFor({ views: 'broken' }, { canEdit: false }))).toBe(false);
  });

  it('flies to a chosen view, ticks its layers and leaves the divider off in a workspace without compare', () => {
    const context = contextFor({ views: [harbour, quay] }, { canEdit: false });
    renderPanel(context);
    expect(rows().map((row) => row.textContent)).toEqual([
      'Harbour2 layers · divider at 30%',
      'Quay0 layers',
    ]);

    fireEvent.click(screen.getByRole('button', { name: /^Harbour/ }));
    expect(context.engine?.flyTo).toHaveBeenCalledWith(harbourCamera, 1.5);
    expect(context.showLayers).toHaveBeenCalledWith([3, 4]);
    expect(context.setSplit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /^Harbour/ }).getAttribute('aria-current')).toBe('true');
  });

  it('sets the divider where the view had it when compare is on, and turns it off for a view without', () => {
    const splitPanel = { enabled: true, left: [3], right: [], position: 0.5 };
    const context = contextFor({ views: [harbour, quay], splitPanel }, { canEdit: false });
    renderPanel(context);
    fireEvent.click(screen.getByRole('button', { name: /^Harbour/ }));
    expect(context.setSplit).toHaveBeenLastCalledWith(0.3);
    fireEvent.click(screen.getByRole('button', { name: /^Quay/ }));
    expect(context.setSplit).toHaveBeenLastCalledWith(undefined);
    expect(context.engine?.flyTo).toHaveBeenLastCalledWith(quayCamera, 1.5);
  });

  it('copies the share link at a view on the share page, and offers no changes there', async () => {
    window.history.replaceState(null, '', '/workspace/share/5/s3cret?e2e');
    renderPanel(contextFor({ views: [harbour] }, { canEdit: false, token: 's3cret' }));
    expect(screen.queryByRole('button', { name: 'Add view' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Move/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /More actions/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Copy link to “Harbour”' }));
    expect(await screen.findByText('Link to “Harbour” copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/workspace/share/5/s3cret?view=h4rb0ur`);
  });

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    window.history.replaceState(null, '', '/workspace/view/5');
    writeText.mockRejectedValue(new Error('denied'));
    renderPanel(contextFor({ views: [quay] }, { canEdit: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link to “Quay”' }));
    expect(
      await screen.findByText(
        `The link could not be copied. Copy it by hand: ${window.location.origin}/workspace/view/5?view=12`,
      ),
    ).toBeTruthy();
  });

  it('explains views to an editor of a workspace without any, and adds the map as it stands', async () => {
    const plugins = { views: [], bi: { url: '' }, custom: { keep: true } };
    const context = contextFor(plugins, { split: 0.25 });
    const fetchMock = stubFetch(savedAsSent(context.workspace));
    renderPanel(context);
    expect(screen.getByText(/A saved view keeps a place on the map/)).toBeTruthy();
    expect(screen.getByText(/choose Add view/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add view' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a view' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Enter a title.')).toBeTruthy();
    expect(requestsOf(fetchMock)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), {
      target: { value: ' Centre ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View saved')).toBeTruthy();

    const request = requestsOf(fetchMock)[0];
    expect(request?.body.version).toBe(3);
    const sent = JSON.parse(request?.body.workspacePlugins);
    expect(sent.custom).toEqual({ keep: true });
    expect(sent.views).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{10}$/),
        title: 'Centre',
        camera: hereCamera,
        visible: [2, 9],
        split: 0.25,
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rows().map((row) => row.textContent)).toEqual(['Centre2 layers · divider at 25%']);
  });

  it('renames, reorders and deletes, each saved on the version the last save answered', async () => {
    const context = contextFor({ views: [harbour, quay] });
    const fetchMock = stubFetch(savedAsSent(context.workspace));
    renderPanel(context);
    expect(screen.getByRole('button', { name: 'Move “Harbour” up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move “Quay” down' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'More actions for “Quay”' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename view' });
    const field = within(dialog).getByRole('textbox', { name: 'Title' });
    expect((field as HTMLInputElement).value).toBe('Quay');
    fireEvent.change(field, { target: { value: 'Quay at night' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('View renamed')).toBeTruthy();
    expect(sentViews(fetchMock, 0).map((v) => v.title)).toEqual(['Harbour', 'Quay at night']);

    fireEvent.click(await screen.findByRole('button', { name: 'Move “Quay at night” up' }));
    await waitFor(() => expect(requestsOf(fetchMock)).toHaveLength(2));
    expect(requestsOf(fetchMock)[1]?.body.version).toBe(4);
    expect(sentViews(fetchMock, 1).map((v) => v.id)).toEqual([12, 'h4rb0ur']);
    await waitFor(() => expect(rows()[0]?.textContent).toMatch(/^Quay at night/));

    fireEvent.click(screen.getByRole('button', { name: 'More actions for “Harbour”' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete view?' });
    expect(within(confirm).getByText(/“Harbour” is deleted for everyone/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('View deleted')).toBeTruthy();
    expect(requestsOf(fetchMock)[2]?.body.version).toBe(5);
    expect(sentViews(fetchMock, 2).map((v) => v.title)).toEqual(['Quay at night']);
    expect(rows()).toHaveLength(1);
  });

  it('shows a conflict with Reload instead of overwriting, and reads the workspace again', async () => {
    const context = contextFor({ views: [harbour, quay] });
    const theirs = editable({ views: [quay] });
    const fetchMock = stubFetch({
      '/api/workspaces/5': ({ method }) =>
        method === 'PATCH'
          ? json(
              {
                detail:
                  'This workspace was changed by someone else since you opened it. Reload it to see their changes, then make yours again.',
              },
              409,
            )
          : json({ ...theirs, version: 9 }),
    });
    renderPanel(context);
    fireEvent.click(screen.getByRole('button', { name: 'Move “Quay” up' }));
    expect(await screen.findByText(/changed by someone else/)).toBeTruthy();
    // Nothing more is saved on the stale version.
    expect(screen.getByRole('button', { name: 'Add view' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move “Harbour” down' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByText(/changed by someone else/)).toBeNull());
    expect(rows().map((row) => row.textContent)).toEqual(['Quay0 layers']);
    expect(requestsOf(fetchMock).map((r) => r.method)).toEqual(['PATCH', 'GET']);
  });

  it("shows the server's refusal", async () => {
    const refusal = 'views[0].visible[0] must be a layer of this workspace: 3 is not.';
    stubFetch({ '/api/workspaces/5': () => json({ workspacePlugins: [refusal] }, 400) });
    renderPanel(contextFor({ views: [harbour, quay] }));
    fireEvent.click(screen.getByRole('button', { name: 'Move “Harbour” down' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(rows().map((row) => row.textContent?.slice(0, 4))).toEqual(['Harb', 'Quay']);
  });

  it('cannot add before the map runs', () => {
    renderPanel(contextFor({ views: [] }, { engine: undefined }));
    expect(screen.getByRole('button', { name: 'Add view' })).toHaveProperty('disabled', true);
  });
});
