import type { DatasourceDetail } from '@geows/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../../api/client';
import { setToken } from '../../../api/token-storage';
import { account, ada, type FakeAnswer, json, page, requestsOf, stubFetch } from '../../../test/fake-api';
import { renderRouterAt } from '../../../test/render-router';

const north = account(1, 'North');
const types = page([
  { id: 1, key: 'wms', name: 'WMS' },
  { id: 3, key: 'xyz', name: 'XYZ tiles' },
  { id: 5, key: 'geojson', name: 'GeoJSON' },
]);

const detail = (extra: Partial<DatasourceDetail>): DatasourceDetail => ({
  id: 9,
  name: 'Roads',
  type: 1,
  account: north.id,
  date_modified: '2025-03-14T10:00:00.000Z',
  workspaces: { count: 0, names: [] },
  config: {},
  secrets: [],
  arcgis: null,
  ...extra,
});

const wmsSource = detail({
  config: {
    url: 'https://maps.example.org/wms',
    layers: 'roads',
    version: '1.3.0',
    format: 'image/png',
    transparent: true,
    parameters: {},
    username: 'ada',
  },
  secrets: ['password'],
});

function stubApi(overrides: Record<string, FakeAnswer> = {}) {
  return stubFetch({
    '/api/sites': () => json(page([])),
    '/api/users': () => json(page([ada])),
    '/api/accounts': () => json(page([north])),
    '/api/datasourcetypes': () => json(types),
    '/api/datasources': ({ method, body }) =>
      method === 'POST' ? json(detail({ id: 12, ...(body as object) }), 201) : json(page([])),
    ...overrides,
  });
}

const sent = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  requestsOf(fetchMock).filter((request) => request.method === method && request.path === path);

const field = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const helperOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

async function chooseType(name: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: /^Type/ }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('creating a data source', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
  });

  it("checks the type's own fields, then saves and goes back to the list with a message", async () => {
    const fetchMock = stubApi();
    const router = renderRouterAt('/datasource/create');
    await screen.findByRole('heading', { level: 1, name: 'Create data source' });
    await screen.findByRole('combobox', { name: /^Type/ });

    // WMS, the first type: its URL and layers are required.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(helperOf(field(/^URL/))).toBe('Enter a valid http(s) URL');
    expect(helperOf(field(/^Layers/))).toBe('This field is required');
    expect(screen.getByRole('switch', { name: 'Transparent' })).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/datasources')).toHaveLength(0);

    await chooseType('XYZ tiles');
    expect(screen.queryByRole('textbox', { name: /^Layers/ })).toBeNull();
    type(field(/^Name/), 'OpenStreetMap');
    type(field(/^URL template/), 'https://tile.example.org/{z}/{x}/{y}.png');
    type(screen.getByRole('spinbutton', { name: 'Maximum zoom level' }), '18');
    type(field('Subdomains'), 'a, b');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources'));
    expect(sent(fetchMock, 'POST', '/api/datasources').map((request) => request.body)).toEqual([
      {
        name: 'OpenStreetMap',
        type: 3,
        account: 1,
        config: {
          url: 'https://tile.example.org/{z}/{x}/{y}.png',
          subdomains: ['a', 'b'],
          minimumLevel: 0,
          maximumLevel: 18,
          apiKeyParameter: 'key',
        },
      },
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain('Data source saved');
  });

  it("puts the server's field errors on the fields they name", async () => {
    stubApi({
      '/api/datasources': () =>
        json({ 'config.url': ['This address is not allowed.'], name: ['Too fancy.'] }, 400),
    });
    renderRouterAt('/datasource/create');
    await chooseType('XYZ tiles');
    type(field(/^Name/), 'Tiles');
    type(field(/^URL template/), 'https://10.0.0.1/{z}/{x}/{y}.png');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This address is not allowed.')).toBeTruthy();
    expect(helperOf(field(/^URL template/))).toBe('This address is not allowed.');
    expect(helperOf(field(/^Name/))).toBe('Too fancy.');
  });

  it("tests the connection and lets the service's sub-layers fill the Layers field", async () => {
    const fetchMock = stubApi({
      '/api/datasources/inspect': ({ body }) =>
        (body as { config: { url: string } }).config.url.includes('down')
          ? json({ url: ['The service could not be reached: it timed out.'] }, 400)
          : json({
              title: 'Utrecht maps',
              extent: [4.9, 52.05, 5.2, 52.15],
              layers: [
                { name: 'roads', title: 'Roads' },
                { name: 'rivers', title: 'Rivers' },
              ],
            }),
    });
    renderRouterAt('/datasource/create');
    await screen.findByRole('combobox', { name: /^Type/ });

    type(field(/^URL/), 'https://down.example.org/wms');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The service could not be reached: it timed out.')).toBeTruthy();
    expect(helperOf(field(/^URL/))).toBe('The service could not be reached: it timed out.');

    type(field(/^URL/), 'https://maps.example.org/wms');
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Service found')).toBeTruthy();
    expect(screen.getByText('Utrecht maps')).toBeTruthy();
    expect(screen.getByText('4.9000, 52.0500, 5.2000, 52.1500')).toBeTruthy();
    expect(sent(fetchMock, 'POST', '/api/datasources/inspect').at(-1)?.body).toMatchObject({
      type: 1,
      config: { url: 'https://maps.example.org/wms', version: '1.3.0', transparent: true },
    });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Roads (roads)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Rivers (rivers)' }));
    expect(field(/^Layers/).value).toBe('roads,rivers');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Roads (roads)' }));
    expect(field(/^Layers/).value).toBe('rivers');
  });
});

describe('editing a data source', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
  });

  it('keeps a stored secret by leaving it out of the PATCH when its field stays empty', async () => {
    const fetchMock = stubApi({
      '/api/datasources/9': ({ method, body }) =>
        json(method === 'PATCH' ? { ...wmsSource, ...(body as object) } : wmsSource),
      '/api/datasources/inspect': () => json({ title: 'Roads', extent: null, layers: [] }),
    });
    const router = renderRouterAt('/datasource/edit/9');
    await screen.findByRole('heading', { level: 1, name: 'Edit data source' });
    await waitFor(() => expect(field(/^Name/).value).toBe('Roads'));
    expect(field(/^URL/).value).toBe('https://maps.example.org/wms');
    const typeSelect = screen.getByRole('combobox', { name: /^Type/ });
    expect(typeSelect.getAttribute('aria-readonly')).toBe('true');
    fireEvent.mouseDown(typeSelect);
    expect(screen.queryByRole('option')).toBeNull();
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(helperOf(password)).toBe('Saved — leave empty to keep');
    // No toggle between a service and a file when editing.
    expect(screen.queryByRole('button', { name: 'Upload a file' })).toBeNull();

    // Testing the connection names the source, so the server adds the stored password.
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await screen.findByText('Service found');
    expect(sent(fetchMock, 'POST', '/api/datasources/inspect')[0]?.body).toMatchObject({
      type: 1,
      datasource: 9,
    });

    type(field(/^Name/), 'Main roads');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources'));
    const [patch] = sent(fetchMock, 'PATCH', '/api/datasources/9');
    expect(patch?.body).toEqual({
      name: 'Main roads',
      config: {
        url: 'https://maps.example.org/wms',
        layers: 'roads',
        version: '1.3.0',
        format: 'image/png',
        transparent: true,
        parameters: {},
        username: 'ada',
      },
    });
    expect(patch?.body.config).not.toHaveProperty('password');
  });

  it('sends a new secret when one is typed', async () => {
    const fetchMock = stubApi({
      '/api/datasources/9': ({ method, body }) =>
        json(method === 'PATCH' ? { ...wmsSource, ...(body as object) } : wmsSource),
    });
    renderRouterAt('/datasource/edit/9');
    await waitFor(() => expect(field(/^Name/).value).toBe('Roads'));
    type(screen.getByLabelText('Password'), 'n3w secret');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/datasources/9')).toHaveLength(1));
    expect(sent(fetchMock, 'PATCH', '/api/datasources/9')[0]?.body.config.password).toBe('n3w secret');
  });

  it('shows an uploaded file by name, with only its name and style to change', async () => {
    const uploaded = detail({
      type: 5,
      name: 'Parks',
      config: {
        uploaded: 'parks.geojson',
        strokeColor: '#00aa00',
        fillColor: '#00aa0033',
        clampToGround: true,
      },
    });
    const fetchMock = stubApi({
      '/api/datasources/9': ({ method, body }) =>
        json(method === 'PATCH' ? { ...uploaded, ...(body as object) } : uploaded),
    });
    renderRouterAt('/datasource/edit/9');
    expect(await screen.findByText(/parks\.geojson/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /^URL/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Test connection' })).toBeNull();
    type(field('Line colour'), '#0000ff');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(fetchMock, 'PATCH', '/api/datasources/9')).toHaveLength(1));
    expect(sent(fetchMock, 'PATCH', '/api/datasources/9')[0]?.body).toEqual({
      name: 'Parks',
      config: {
        uploaded: 'parks.geojson',
        strokeColor: '#0000ff',
        fillColor: '#00aa0033',
        clampToGround: true,
      },
    });
  });

  it('is not found for a data source the API does not find', async () => {
    stubApi({ '/api/datasources/9': () => json({ detail: 'Not found.' }, 404) });
    renderRouterAt('/datasource/edit/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});

/** XMLHttpRequest as the upload uses it: records what was sent, answers what the test says. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploading a file', () => {
  beforeEach(() => setToken('token-of-ada'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setUnauthorizedHandler(null);
    FakeXhr.last = null;
  });

  it('sends name, account and file with the token, shows the progress and the reason a file is refused', async () => {
    stubApi();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const router = renderRouterAt('/datasource/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload a file' }));
    expect(
      screen.getByText('A GeoJSON file, or a CSV file with latitude and longitude columns.'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    // Both missing: both said at once.
    expect(await screen.findByText('Choose a file to upload')).toBeTruthy();
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(FakeXhr.last).toBeNull();
    type(field(/^Name/), 'Trees');

    const file = new File(['lat,lon\n52,5\n'], 'trees.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText(/^File/), { target: { files: [file] } });
    expect(screen.getByText('trees.csv')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
    const xhr = FakeXhr.last as FakeXhr;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/datasources/upload']);
    expect(xhr.headers.Authorization).toBe('Token token-of-ada');
    expect(xhr.body?.get('name')).toBe('Trees');
    expect(xhr.body?.get('account')).toBe('1');
    expect((xhr.body?.get('file') as File | undefined)?.name).toBe('trees.csv');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    expect(await screen.findByText('Uploading: 40%')).toBeTruthy();
    xhr.answer(400, { file: ['Line 2: the latitude is not a number.'] });
    expect(await screen.findByText('Line 2: the latitude is not a number.')).toBeTruthy();
    expect(screen.queryByText(/^Uploading/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last).not.toBe(xhr));
    (FakeXhr.last as FakeXhr).answer(413, { detail: 'The file is larger than 50 MB.' });
    expect(await screen.findByText('The file is larger than 50 MB.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last?.status).toBe(0));
    (FakeXhr.last as FakeXhr).answer(201, {
      ...detail({ id: 30, name: 'Trees', type: 5, config: { uploaded: 'trees.csv' } }),
      summary: {
        feature_count: 1200,
        geometry_types: [
          { type: 'Point', count: 1199 },
          { type: null, count: 1 },
        ],
        extent: [4.8683333, 52.3, 5.1, 52.4],
        attributes: ['species', 'height'],
        rows: [{ species: 'Oak', height: 12.5 }, { species: 'Lime' }],
      },
    });
    expect(await screen.findByText('“Trees” was uploaded')).toBeTruthy();
    const facts = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(facts('Features')).toBe('1,200');
    expect(facts('Geometry types')).toBe('Point (1,199) · No geometry (1)');
    expect(facts('Extent (W, S, E, N)')).toBe('4.868333, 52.3, 5.1, 52.4');
    const rows = screen.getByRole('table', { name: 'The first 2 rows of attributes' });
    expect(
      within(rows)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['species', 'height']);
    expect(
      within(rows)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['speciesheight', 'Oak12.5', 'Lime']);
    expect(router.state.location.pathname).toBe('/datasource/create');
    expect(screen.getByRole('link', { name: 'Go to data sources' }).getAttribute('href')).toBe(
      '/datasources',
    );
    expect(screen.getByRole('link', { name: 'Edit data source' }).getAttribute('href')).toBe(
      '/datasource/edit/30',
    );
    expect(screen.getByText('Data source saved')).toBeTruthy();

    // Another file: the form again, empty.
    fireEvent.click(screen.getByRole('button', { name: 'Upload another file' }));
    expect(field(/^Name/).value).toBe('');
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('names the data source after the file, until the user types a name of their own', async () => {
    stubApi();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderRouterAt('/datasource/create');
    fireEvent.click(await screen.findByRole('button', { name: 'Upload a file' }));
    const choose = (name: string) =>
      fireEvent.change(screen.getByLabelText(/^File/), {
        target: { files: [new File(['{}'], name, { type: 'application/geo+json' })] },
      });

    choose('street_trees__2024.geojson');
    expect(field(/^Name/).value).toBe('Street trees 2024');
    // Another file replaces a name the file gave.
    choose('parks.geojson');
    expect(field(/^Name/).value).toBe('Parks');
    // A typed name stays.
    type(field(/^Name/), 'Green spaces');
    choose('lawns.geojson');
    expect(field(/^Name/).value).toBe('Green spaces');
    // Cleared, it follows the file again.
    type(field(/^Name/), '');
    choose('meadows.csv');
    expect(field(/^Name/).value).toBe('Meadows');

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last?.body).toBeTruthy());
    expect(FakeXhr.last?.body?.get('name')).toBe('Meadows');
  });
});
