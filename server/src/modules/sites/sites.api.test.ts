import { sitePage } from '@geows/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { expectPageQueryChecked } from '../../test/paging.js';

describe('GET /api/sites', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://maps.example.org', SUPPORT_EMAIL: 'help@example.org' });
    await t.database.db.insert(sites).values({
      origin: 'https://atlas.example.com',
      title: 'Atlas',
      logo: 'https://atlas.example.com/logo.svg',
      email: 'support@atlas.example.com',
    });
  });
  afterAll(() => t.close());

  it('answers the default site, created on a fresh database, for an unknown origin', async () => {
    const res = await t.app.inject({ url: '/api/sites?site=https://unknown.example.net' });
    expect(res.statusCode).toBe(200);
    const body = sitePage.parse(res.json());
    expect(body.count).toBe(1);
    expect(body.results[0]).toEqual({
      site: 'https://maps.example.org',
      title: '',
      logo: '',
      email: 'help@example.org',
      analytics: null,
    });
  });

  it('answers the site as a one-row page, like every list', async () => {
    const url = '/api/sites?site=https://atlas.example.com';
    expect((await t.app.inject({ url: `${url}&page=1&page_size=1` })).json()).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ title: 'Atlas' }],
    });
    const past = await t.app.inject({ url: `${url}&page=2` });
    expect(past.statusCode).toBe(404);
    expect(past.json()).toEqual({ detail: 'Invalid page.' });
    await expectPageQueryChecked(t, { url });
  });

  it('answers the matching site for a known origin, needing no authentication', async () => {
    const res = await t.app.inject({ url: '/api/sites/?site=https://atlas.example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().results[0]).toMatchObject({ site: 'https://atlas.example.com', title: 'Atlas' });
  });

  it('ignores a path or trailing slash in the origin it is given', async () => {
    const res = await t.app.inject({ url: '/api/sites?site=https://atlas.example.com/some/page' });
    expect(res.json().results[0].title).toBe('Atlas');
  });

  it('falls back to the default site for a missing or malformed origin', async () => {
    for (const query of ['', '?site=', '?site=not%20a%20url', '?site=javascript:alert(1)']) {
      const res = await t.app.inject({ url: `/api/sites${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().results[0].site).toBe('https://maps.example.org');
    }
  });

  it('rejects an absurdly long origin with a 400 in DRF shape', async () => {
    const res = await t.app.inject({ url: `/api/sites?site=${'a'.repeat(3000)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('site');
  });

  it('reports the analytics provider configured by environment', async () => {
    const withAnalytics = await createTestApp({
      ANALYTICS_PROVIDER: 'plausible',
      ANALYTICS_ID: 'maps.example.org',
      ANALYTICS_HOST: 'https://stats.example.org',
    });
    try {
      const res = await withAnalytics.app.inject({ url: '/api/sites' });
      expect(res.json().results[0].analytics).toEqual({
        provider: 'plausible',
        domain: 'maps.example.org',
        apiHost: 'https://stats.example.org',
      });
    } finally {
      await withAnalytics.close();
    }
  });
});
