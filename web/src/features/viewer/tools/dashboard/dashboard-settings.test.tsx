import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { workspaceWith } from '../testing';
import { DashboardSettings } from './dashboard-settings';

const plugins = {
  splitPanel: { enabled: true, left: [3], right: [4], position: 0.3 },
  views: [],
  bi: { url: 'https://old.example.org/board' },
  // A key the product does not know: kept as it is.
  custom: { theme: 'harbour' },
};

const workspace = workspaceWith(plugins, { rights: 'admin' });

const field = () => screen.getByRole('textbox', { name: 'Dashboard address' });
const typeAndSave = (value: string) => {
  fireEvent.change(field(), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save dashboard' }));
};

describe('the dashboard setting in the editor', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a javascript: address in the form, without asking the server', async () => {
    const fetchMock = stubFetch({});
    renderWithProviders(<DashboardSettings tree={[]} workspace={workspace} reload={vi.fn()} />);
    expect((field() as HTMLInputElement).value).toBe('https://old.example.org/board');

    typeAndSave('javascript:alert(1)');
    expect(
      await screen.findByText(
        'The dashboard address must be empty or an http(s) address, e.g. https://dashboard.example.org/report.',
      ),
    ).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    typeAndSave('https://ada:secret@bi.example.org/');
    expect(
      await screen.findByText('The dashboard address must not hold a user name or password.'),
    ).toBeTruthy();
    expect(requestsOf(fetchMock)).toEqual([]);
  });

  it('saves the whole plugins text with only bi.url replaced, then reloads the page for the new origin', async () => {
    const fetchMock = stubFetch({
      '/api/workspaces/5': ({ body }) =>
        json({ ...workspace, ...(body as object), version: workspace.version + 1 }),
    });
    const reload = vi.fn();
    renderWithProviders(<DashboardSettings tree={[]} workspace={workspace} reload={reload} />);

    typeAndSave('  https://bi.example.org/harbour ');
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    const [request] = requestsOf(fetchMock);
    expect(request?.method).toBe('PATCH');
    expect(request?.body.version).toBe(3);
    expect(Object.keys(request?.body)).toEqual(['version', 'workspacePlugins']);
    expect(JSON.parse(request?.body.workspacePlugins)).toEqual({
      ...plugins,
      bi: { url: 'https://bi.example.org/harbour' },
    });
    expect(screen.getByText('Dashboard saved. The page reloads to show it.')).toBeTruthy();
  });

  it('does not reload for a dashboard on the same origin', async () => {
    stubFetch({
      '/api/workspaces/5': ({ body }) => json({ ...workspace, ...(body as object), version: 4 }),
    });
    const reload = vi.fn();
    renderWithProviders(<DashboardSettings tree={[]} workspace={workspace} reload={reload} />);
    typeAndSave('https://old.example.org/other-board');
    expect(await screen.findByText('Dashboard saved')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field", async () => {
    const refusal =
      "bi.url must not be on this site's own origin: the dashboard must come from another site.";
    stubFetch({ '/api/workspaces/5': () => json({ workspacePlugins: [refusal] }, 400) });
    const reload = vi.fn();
    renderWithProviders(<DashboardSettings tree={[]} workspace={workspace} reload={reload} />);
    typeAndSave('http://localhost:3000/board');
    // In the interface's language (plugin-refusals.ts), not as the server words it.
    expect(
      await screen.findByText('The dashboard must come from another site, not from this one.'),
    ).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(reload).not.toHaveBeenCalled();
  });
});
