import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { toolContext, workspaceWith } from '../testing';
import type { ToolContext } from '../tool';
import { ToolButtons } from '../tool-buttons';
import { ToolDock } from '../tool-dock';
import { useViewerTools } from '../use-viewer-tools';
import { dashboardLoadTimeoutMs } from './dashboard-panel';

const dashboard = 'https://bi.example.org/harbour?tab=2';

const contextFor = (plugins: object) => toolContext({ workspace: workspaceWith(plugins) });

/** The tools as the viewer screen mounts them: the toolbar's toggles and the open tool's dock. */
function Tools({ context }: { context: ToolContext }) {
  const tools = useViewerTools(context);
  return (
    <>
      <ToolButtons tools={tools.available} openId={tools.open?.id} onToggle={tools.toggle} narrow={false} />
      {tools.open && <ToolDock tool={tools.open} context={context} sheet={false} onClose={tools.close} />}
    </>
  );
}

const openDashboard = () => {
  const button = screen.getByRole('button', { name: 'Dashboard' });
  expect(button.getAttribute('aria-pressed')).toBe('false');
  fireEvent.click(button);
  expect(button.getAttribute('aria-pressed')).toBe('true');
  return screen.getByTitle('Dashboard from bi.example.org') as HTMLIFrameElement;
};

describe('the dashboard panel', () => {
  afterEach(() => vi.useRealTimers());

  it('is not offered when the workspace has no dashboard, or one that does not read as an address', () => {
    const { rerender } = renderWithProviders(<Tools context={contextFor({ bi: { url: '' } })} />);
    expect(screen.queryByRole('button', { name: 'Dashboard' })).toBeNull();
    rerender(<Tools context={contextFor({ splitPanel: { enabled: true } })} />);
    expect(screen.queryByRole('button', { name: 'Dashboard' })).toBeNull();
    rerender(<Tools context={contextFor({ bi: { url: 'javascript:alert(1)' } })} />);
    expect(screen.queryByRole('button', { name: 'Dashboard' })).toBeNull();
  });

  it('shows the dashboard in a sandboxed frame that can never navigate the page, and closes', () => {
    renderWithProviders(<Tools context={contextFor({ bi: { url: dashboard } })} />);
    const frame = openDashboard();

    expect(frame.getAttribute('src')).toBe(dashboard);
    expect(frame.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads',
    );
    expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
    expect(frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(frame.getAttribute('allow')).toBe('fullscreen');

    const panel = screen.getByRole('region', { name: 'Dashboard' });
    expect(panel.querySelector('h2')?.textContent).toBe('bi.example.org');
    const link = screen.getByRole('link', { name: 'Open in new tab' });
    expect(link.getAttribute('href')).toBe(dashboard);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    fireEvent.click(screen.getByRole('button', { name: 'Close dashboard' }));
    expect(screen.queryByRole('region', { name: 'Dashboard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Dashboard' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('says the dashboard may refuse to be framed when the frame has not loaded in time', () => {
    vi.useFakeTimers();
    renderWithProviders(<Tools context={contextFor({ bi: { url: dashboard } })} />);
    openDashboard();
    const notShown = /If the dashboard does not appear, it may not allow being shown inside other sites/;

    act(() => vi.advanceTimersByTime(dashboardLoadTimeoutMs - 100));
    expect(screen.queryByText(notShown)).toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText(notShown)).toBeTruthy();
    // The header's link, and one in the message.
    expect(screen.getAllByRole('link', { name: 'Open in new tab' })).toHaveLength(2);
  });

  it('says nothing of the kind when the frame loads', () => {
    vi.useFakeTimers();
    renderWithProviders(<Tools context={contextFor({ bi: { url: dashboard } })} />);
    fireEvent.load(openDashboard());
    act(() => vi.advanceTimersByTime(dashboardLoadTimeoutMs * 2));
    expect(screen.queryByText(/may not allow being shown/)).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Open in new tab' })).toHaveLength(1);
  });

  it('resizes with the keyboard by its edge, and remembers the width', () => {
    renderWithProviders(<Tools context={contextFor({ bi: { url: dashboard } })} />);
    openDashboard();
    const edge = screen.getByRole('separator', { name: 'Resize Dashboard' });
    expect(edge.getAttribute('aria-orientation')).toBe('vertical');
    expect(edge.getAttribute('aria-valuenow')).toBe('480');
    const panel = screen.getByRole('region', { name: 'Dashboard' });
    expect(edge.getAttribute('aria-controls')).toBe(panel.id);

    // The edge is the panel's left side: leftwards widens it.
    fireEvent.keyDown(edge, { key: 'ArrowLeft' });
    expect(edge.getAttribute('aria-valuenow')).toBe('496');
    fireEvent.keyDown(edge, { key: 'ArrowRight', shiftKey: true });
    expect(edge.getAttribute('aria-valuenow')).toBe('416');
    fireEvent.keyDown(edge, { key: 'Home' });
    expect(edge.getAttribute('aria-valuenow')).toBe(edge.getAttribute('aria-valuemin'));
    fireEvent.keyDown(edge, { key: 'End' });
    const widest = edge.getAttribute('aria-valuemax');
    expect(edge.getAttribute('aria-valuenow')).toBe(widest);
    // The map keeps a strip of the window.
    expect(Number(widest)).toBe(window.innerWidth - 240);
    expect(localStorage.getItem('toolPanel.dashboard.x')).toBe(widest);

    // Closed and opened again: the width it was left at.
    fireEvent.click(screen.getByRole('button', { name: 'Close dashboard' }));
    openDashboard();
    expect(screen.getByRole('separator', { name: 'Resize Dashboard' }).getAttribute('aria-valuenow')).toBe(
      widest,
    );
  });

  it('resizes by dragging its edge', () => {
    renderWithProviders(<Tools context={contextFor({ bi: { url: dashboard } })} />);
    openDashboard();
    const edge = screen.getByRole('separator', { name: 'Resize Dashboard' });
    fireEvent.pointerDown(edge, { pointerId: 1, button: 0, clientX: 500 });
    fireEvent.pointerMove(edge, { pointerId: 1, clientX: 440 });
    expect(edge.getAttribute('aria-valuenow')).toBe('540');
    fireEvent.pointerUp(edge, { pointerId: 1, clientX: 450 });
    expect(edge.getAttribute('aria-valuenow')).toBe('530');
    expect(localStorage.getItem('toolPanel.dashboard.x')).toBe('530');
  });
});
