import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics } from './create-analytics';
import { createGa4Analytics } from './ga4';
import { createPlausibleAnalytics } from './plausible';
import { routePattern } from './route-pattern';

describe('routePattern', () => {
  it.each([
    ['/password-reset/12/abc-def', '/password-reset/:uid/:token'],
    ['/activation/MQ/c1x-9f', '/activation/:uid/:token'],
    ['/workspace/share/5/secret-token', '/workspace/share/:id/:token'],
    ['/workspace/create', '/workspace/create'],
    ['/workspace/7', '/workspace/:id'],
    ['/workspace/view/3', '/workspace/view/:id'],
    ['/account/acme', '/account/:slug'],
    ['/', '/'],
    ['/no-such-page', '/404'],
  ])('%s → %s', (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });
});

describe('analytics', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.gtag;
    delete window.dataLayer;
  });

  it('sends nothing when the site has no analytics', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    createAnalytics(null).pageView('/');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });

  it('posts a Plausible page view with the pattern only', () => {
    const send = vi.fn(() => Promise.resolve(new Response(null, { status: 202 })));
    const analytics = createPlausibleAnalytics({
      domain: 'example.org',
      apiHost: 'https://plausible.example.org/',
      origin: 'https://maps.example.org',
      send,
    });
    analytics.pageView('/workspace/share/:id/:token');
    expect(send).toHaveBeenCalledWith(
      'https://plausible.example.org/api/event',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    );
    const init = (send.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(JSON.parse(String(init.body))).toEqual({
      name: 'pageview',
      url: 'https://maps.example.org/workspace/share/:id/:token',
      domain: 'example.org',
      referrer: null,
    });
  });

  it('does not load GA4 on a share, reset or activation route, and loads it afterwards', () => {
    const loadScript = vi.fn();
    const analytics = createGa4Analytics({ measurementId: 'G-TEST', origin: 'https://x.org', loadScript });
    analytics.pageView('/workspace/share/:id/:token');
    analytics.pageView('/password-reset/:uid/:token');
    expect(loadScript).not.toHaveBeenCalled();
    expect(window.gtag).toBeUndefined();

    analytics.pageView('/');
    expect(loadScript).toHaveBeenCalledWith('https://www.googletagmanager.com/gtag/js?id=G-TEST');
    const pageViews = (window.dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view');
    expect(pageViews).toEqual([
      ['event', 'page_view', { page_location: 'https://x.org/', send_to: 'G-TEST' }],
    ]);
  });
});
