import type { DatasourceDetail, InspectResult } from '@geows/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../api/client';
import { setToken } from '../../../api/token-storage';
import { account, ada, type FakeAnswer, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

// Issue 25 §10: a source made from the form after inspecting a WMS 1.1.1 service was saved as 1.3.0.

const north = account(1, 'North');
const types = page([
  { id: 1, key: 'wms', name: 'WMS' },
  { id: 3, key: 'xyz', name: 'XYZ tiles' },
]);

const capabilities = (version: string): InspectResult => ({
  title: 'Old county maps',
  extent: [4, 51, 6, 53],
  layers: [{ name: 'parcels', title: 'Parcels' }],
  details: { version, formats: ['image/png'], crs: ['EPSG:4326'] },
});

const stored = (version: string): DatasourceDetail => ({
  id: 9,
  name: 'Parcels',
  type: 1,
  account: north.id,
  date_modified: '2025-03-14T10:00:00.000Z',
  workspaces: { count: 0, names: [] },
  config: {
    url: 'https://maps.example.org/wms',
    layers: 'parcels',
    version,
    format: 'image/png',
    transparent: true,
    parameters: {},
  },
  secrets: [],
  arcgis: null,
});

function stubApi(offered: string, overrides: Record<string, FakeAnswer> = {}) {
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/accounts': () => json(page([north])),
    '/api/datasourcetypes': () => json(types),
    '/api/datasources/inspect': () => json(capabilities(offered)),
    '/api/datasources': ({ method, body }) =>
      method === 'POST' ? json({ ...stored('1.3.0'), id: 12, ...(body as object) }, 201) : json(page([])),
    ...overrides,
  });
}

const savedConfigs = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  requestsOf(fetchMock)
    .filter((request) => request.method === method && request.path === path)
    .map((request) => (request.body as { config: Record<string, unknown> }).config);

const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const versionShown = () => screen.getByRole('combobox', { name: /^Version/ }).textContent;

async function pickVersion(version: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Version/ }));
  fireEvent.click(await screen.findByRole('option', { name: version }));
}

async function testConnection() {
  fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
  await screen.findByText('Service found', {}, { timeout: 5_000 });
}

async function fillNewWms() {
  renderRouterAt('/datasource/create');
  // The first screen of a run loads the form's chunk: slow on a busy machine.
  await screen.findByRole('combobox', { name: /^Type/ }, { timeout: 10_000 });
  type(textbox(/^Name/), 'Parcels');
  type(textbox(/^URL/), 'https://maps.example.org/wms');
}

async function save(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(savedConfigs(fetchMock, method, path)).toHaveLength(1));
  return savedConfigs(fetchMock, method, path)[0];
}

describe('the WMS version of a source made after "Test connection"', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
  });

  it('is the version the service answered in: 1.1.1, shown with what was found', async () => {
    const fetchMock = stubApi('1.1.1');
    await fillNewWms();
    expect(versionShown()).toBe('1.3.0');
    await testConnection();
    expect(screen.getByText('Version', { selector: 'dt' })).toBeTruthy();
    expect(screen.getByText('1.1.1', { selector: 'dd' })).toBeTruthy();
    expect(versionShown()).toBe('1.1.1');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Parcels (parcels)' }));
    expect(await save(fetchMock, 'POST', '/api/datasources')).toMatchObject({
      url: 'https://maps.example.org/wms',
      layers: 'parcels',
      version: '1.1.1',
    });
  });

  it('follows the service when the address changes to one that speaks 1.3.0', async () => {
    let offered = '1.1.1';
    const fetchMock = stubApi('', { '/api/datasources/inspect': () => json(capabilities(offered)) });
    await fillNewWms();
    type(textbox(/^Layers/), 'parcels');
    await testConnection();
    expect(versionShown()).toBe('1.1.1');
    offered = '1.3.0';
    type(textbox(/^URL/), 'https://new.example.org/wms');
    await testConnection();
    await waitFor(() => expect(versionShown()).toBe('1.3.0'));
    expect((await save(fetchMock, 'POST', '/api/datasources'))?.version).toBe('1.3.0');
  });

  it("keeps the user's own choice, made before or after testing", async () => {
    const fetchMock = stubApi('1.3.0');
    await fillNewWms();
    type(textbox(/^Layers/), 'parcels');
    await pickVersion('1.1.1');
    await testConnection();
    expect(versionShown()).toBe('1.1.1');
    expect((await save(fetchMock, 'POST', '/api/datasources'))?.version).toBe('1.1.1');
  });

  it('leaves the version alone for a version the map cannot ask for', async () => {
    const fetchMock = stubApi('1.0.0');
    await fillNewWms();
    type(textbox(/^Layers/), 'parcels');
    await testConnection();
    expect(versionShown()).toBe('1.3.0');
    expect((await save(fetchMock, 'POST', '/api/datasources'))?.version).toBe('1.3.0');
  });

  it('corrects a stored 1.3.0 the service cannot speak, and keeps a stored 1.1.1 a 1.3.0 service also answers', async () => {
    const fetchMock = stubApi('1.1.1', {
      '/api/datasources/9': ({ method, body }) =>
        json(method === 'PATCH' ? { ...stored('1.3.0'), ...(body as object) } : stored('1.3.0')),
    });
    renderRouterAt('/datasource/edit/9');
    await waitFor(() => expect(textbox(/^Name/).value).toBe('Parcels'), { timeout: 10_000 });
    expect(versionShown()).toBe('1.3.0');
    await testConnection();
    expect(versionShown()).toBe('1.1.1');
    expect((await save(fetchMock, 'PATCH', '/api/datasources/9'))?.version).toBe('1.1.1');
  });

  it('keeps a stored 1.1.1 when the service also speaks 1.3.0', async () => {
    const fetchMock = stubApi('1.3.0', {
      '/api/datasources/9': ({ method, body }) =>
        json(method === 'PATCH' ? { ...stored('1.1.1'), ...(body as object) } : stored('1.1.1')),
    });
    renderRouterAt('/datasource/edit/9');
    await waitFor(() => expect(textbox(/^Name/).value).toBe('Parcels'), { timeout: 10_000 });
    await testConnection();
    expect(versionShown()).toBe('1.1.1');
    expect((await save(fetchMock, 'PATCH', '/api/datasources/9'))?.version).toBe('1.1.1');
  });
});
