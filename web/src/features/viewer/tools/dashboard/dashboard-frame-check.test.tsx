import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, requestsOf, stubFetch } from '../../../../test/fake-api';
import { renderWithProviders } from '../../../../test/render';
import { panelProps, workspaceWith } from '../testing';
import { DashboardPanel, dashboardLoadTimeoutMs } from './dashboard-panel';

const dashboard = 'https://bi.example.org/harbour?tab=2';
const checkPath = '/api/workspaces/5/dashboard';
const refusedText = /does not allow being shown inside other sites\. Open it in a new tab/;
const lateText = /If the dashboard does not appear, it may not allow being shown/;

/** The panel of workspace 5 whose dashboard is `url`; the server answers the check with `answer`. */
function renderPanel(answer: object, { url = dashboard, token }: { url?: string; token?: string } = {}) {
  const fetchMock = stubFetch({ [checkPath]: () => json({ url, ...answer }) });
  renderWithProviders(
    <DashboardPanel {...panelProps({ workspace: workspaceWith({ bi: { url } }), token })} />,
  );
  return fetchMock;
}

const frame = () => screen.queryByTitle('Dashboard from bi.example.org');

describe('the dashboard panel asks the server whether the dashboard may be framed', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the message and a link to open it in a new tab, in place of the frame, when it refuses', async () => {
    const fetchMock = renderPanel({ frameable: false, reason: 'x-frame-options' });
    expect(await screen.findByText(refusedText)).toBeTruthy();
    expect(frame()).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Loading the dashboard' })).toBeNull();
    // The header's link, and the message's.
    const links = screen.getAllByRole('link', { name: 'Open in new tab' });
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link.getAttribute('href')).toBe(dashboard);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    const [call] = requestsOf(fetchMock);
    expect(call).toMatchObject({ method: 'GET', path: checkPath });
    expect(call?.query.has('token')).toBe(false);
  });

  it('asks with the share link’s token on the share page', async () => {
    const fetchMock = renderPanel({ frameable: false, reason: 'frame-ancestors' }, { token: 'secret' });
    expect(await screen.findByText(refusedText)).toBeTruthy();
    expect(requestsOf(fetchMock)[0]?.query.get('token')).toBe('secret');
  });

  it('takes the message away from a frame that already fired load: a refused frame fires it too', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({ [checkPath]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(
      <DashboardPanel {...panelProps({ workspace: workspaceWith({ bi: { url: dashboard } }) })} />,
    );
    fireEvent.load(frame() as HTMLIFrameElement);
    await waitFor(() => expect(requestsOf(vi.mocked(fetch)).length).toBe(1));
    await act(async () => answer(json({ url: dashboard, frameable: false, reason: 'x-frame-options' })));
    expect(await screen.findByText(refusedText)).toBeTruthy();
    expect(frame()).toBeNull();
  });

  it('shows the frame when the dashboard allows it, and says nothing once it loads', async () => {
    vi.useFakeTimers();
    const fetchMock = renderPanel({ frameable: true });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(requestsOf(fetchMock)).toHaveLength(1);
    fireEvent.load(frame() as HTMLIFrameElement);
    await act(() => vi.advanceTimersByTimeAsync(dashboardLoadTimeoutMs * 2));
    expect(screen.queryByText(refusedText)).toBeNull();
    expect(screen.queryByText(lateText)).toBeNull();
    expect(frame()?.getAttribute('src')).toBe(dashboard);
  });

  it('keeps the frame and its wait when the server cannot tell, or fails', async () => {
    vi.useFakeTimers();
    const fetchMock = renderPanel({ frameable: null, reason: 'timeout' });
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(requestsOf(fetchMock)).toHaveLength(1);
    expect(frame()).not.toBeNull();
    expect(screen.queryByText(refusedText)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(dashboardLoadTimeoutMs));
    expect(screen.getByText(lateText)).toBeTruthy();
    expect(frame()).not.toBeNull();
  });

  it('keeps the frame when the check fails (too many checks at once)', async () => {
    stubFetch({ [checkPath]: () => json({ detail: 'Try again in 3 seconds.' }, 429) });
    renderWithProviders(
      <DashboardPanel {...panelProps({ workspace: workspaceWith({ bi: { url: dashboard } }) })} />,
    );
    await waitFor(() => expect(requestsOf(vi.mocked(fetch)).length).toBe(1));
    expect(frame()).not.toBeNull();
    expect(screen.queryByText(refusedText)).toBeNull();
  });

  it('ignores an answer about another address: the workspace’s dashboard changed since', async () => {
    stubFetch({
      [checkPath]: () =>
        json({ url: 'https://old.example.org/', frameable: false, reason: 'x-frame-options' }),
    });
    renderWithProviders(
      <DashboardPanel {...panelProps({ workspace: workspaceWith({ bi: { url: dashboard } }) })} />,
    );
    await waitFor(() => expect(requestsOf(vi.mocked(fetch)).length).toBe(1));
    expect(frame()).not.toBeNull();
    expect(screen.queryByText(refusedText)).toBeNull();
  });

  it('never frames a page of this site itself, nor asks about it', async () => {
    const own = `${window.location.origin}/workspace/view/5`;
    const fetchMock = renderPanel({ frameable: true }, { url: own });
    expect(screen.getByText(/is a page of this site itself/)).toBeTruthy();
    expect(screen.queryByTitle(/^Dashboard from/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open in new tab' })).toBeNull();
    await act(async () => {});
    expect(requestsOf(fetchMock)).toHaveLength(0);
  });
});
