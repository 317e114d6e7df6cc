import { defaultWorkspacePlugins } from '@geows/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { layer, panelProps, workspaceWith } from '../testing';
import type { ToolPanelProps } from '../tool';
import { SplitPanel } from './split-panel';

const splitPanel = { enabled: true, left: [1], right: [2], position: 0.5 };
const workspace = workspaceWith({ splitPanel, custom: 1 }, { rights: 'admin' });

const props = (overrides: Partial<ToolPanelProps>) =>
  panelProps({
    workspace,
    plugins: { ...defaultWorkspacePlugins, splitPanel },
    tree: [layer(1, 'Before'), layer(2, 'After')],
    split: 0.5,
    ...overrides,
  });

describe('the compare panel', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('turns the divider off and on again at its saved place, and names each side’s layers', () => {
    const setSplit = vi.fn();
    const { unmount } = renderWithProviders(<SplitPanel {...props({ split: 0.7, setSplit })} />);
    expect(screen.getByRole('heading', { name: 'Left of the divider' })).toBeTruthy();
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Show the divider' }));
    expect(setSplit).toHaveBeenLastCalledWith(undefined);
    unmount();
    renderWithProviders(<SplitPanel {...props({ split: undefined, setSplit })} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Show the divider' }));
    expect(setSplit).toHaveBeenLastCalledWith(0.5);
    // Visitors cannot save.
    expect(screen.queryByRole('button', { name: 'Save divider position' })).toBeNull();
  });

  it('lets an editor save where the divider stands, with the other settings as read', async () => {
    const fetchMock = stubFetch({
      '/api/workspaces/5': ({ body }) => json({ ...workspace, ...(body as object), version: 4 }),
    });
    renderWithProviders(<SplitPanel {...props({ canEdit: true, split: 0.62 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save divider position' }));
    expect(await screen.findByText('Divider position saved')).toBeTruthy();
    const [request] = requestsOf(fetchMock);
    expect(JSON.parse(request?.body.workspacePlugins)).toEqual({
      splitPanel: { ...splitPanel, position: 0.62 },
      custom: 1,
    });
  });
});
