import { datasourceTypeByKey } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import {
  configFieldsOf,
  configFromInputs,
  formFieldOfServerError,
  initialInputValues,
  layerPickerOf,
  toggleLayer,
} from './config-fields';

const idOf = (key: string) => datasourceTypeByKey(key)?.id ?? 0;
const byName = (key: string) =>
  Object.fromEntries(configFieldsOf(idOf(key)).map((field) => [field.name, field]));

describe("a type's inputs, read from its config schema in the contract", () => {
  it('gives every kind its input: text, url, enum, switch, key/value rows, secret', () => {
    const wms = byName('wms');
    expect(Object.keys(wms)).toEqual([
      'url',
      'layers',
      'version',
      'format',
      'transparent',
      'parameters',
      'username',
      'password',
    ]);
    expect(wms.url).toMatchObject({ kind: 'url', required: true });
    expect(wms.layers).toMatchObject({ kind: 'text', required: true });
    expect(wms.version).toMatchObject({ kind: 'enum', options: ['1.1.1', '1.3.0'], defaultValue: '1.3.0' });
    expect(wms.transparent).toMatchObject({ kind: 'boolean', required: false, defaultValue: true });
    expect(wms.parameters).toMatchObject({ kind: 'record' });
    expect(wms.username).toMatchObject({ kind: 'text', required: false });
    expect(wms.password).toMatchObject({ kind: 'secret', required: false });
  });

  it('reads numbers (whole or not), lists, and leaves the uploaded file name out', () => {
    const xyz = byName('xyz');
    expect(xyz.minimumLevel).toMatchObject({ kind: 'number', integer: true, defaultValue: 0 });
    expect(xyz.subdomains).toMatchObject({ kind: 'list', defaultValue: [] });
    expect(byName('3dtiles').maximumScreenSpaceError).toMatchObject({ kind: 'number', integer: false });
    expect(Object.keys(byName('geojson'))).toEqual(['url', 'strokeColor', 'fillColor', 'clampToGround']);
    expect(byName('arcgis-mapserver').token).toMatchObject({ kind: 'secret' });
  });

  it('asks a type the contract does not know (added on the server later) for a URL', () => {
    expect(configFieldsOf(99).map((field) => field.name)).toEqual(['url']);
    expect(configFieldsOf(undefined)).toEqual([]);
  });

  it('knows which field the sub-layers fill', () => {
    expect(layerPickerOf(configFieldsOf(idOf('wms')))).toEqual({ field: 'layers', multiple: true });
    expect(layerPickerOf(configFieldsOf(idOf('arcgis-mapserver')))).toEqual({
      field: 'layers',
      multiple: true,
    });
    expect(layerPickerOf(configFieldsOf(idOf('wmts')))).toEqual({ field: 'layer', multiple: false });
    expect(layerPickerOf(configFieldsOf(idOf('xyz')))).toBeNull();
  });
});

describe('inputs and config', () => {
  const xyz = configFieldsOf(idOf('xyz'));
  const wms = configFieldsOf(idOf('wms'));

  it('start from the stored config or the defaults; secrets start empty', () => {
    expect(initialInputValues(xyz)).toEqual({
      url: '',
      subdomains: '',
      minimumLevel: '0',
      maximumLevel: '19',
      credit: '',
      apiKey: '',
      apiKeyParameter: 'key',
    });
    expect(
      initialInputValues(wms, {
        url: 'https://x.test/wms',
        layers: 'a,b',
        parameters: { key: 'k' },
        password: 'p',
      }),
    ).toMatchObject({
      url: 'https://x.test/wms',
      layers: 'a,b',
      parameters: [{ key: 'key', value: 'k' }],
      password: '',
    });
  });

  it('turn back into the config: numbers, lists, records; empty optional fields left out', () => {
    const config = configFromInputs(xyz, {
      url: ' https://tile.test/{z}/{x}/{y}.png ',
      subdomains: 'a, b,,c',
      minimumLevel: '2',
      maximumLevel: '',
      credit: '',
    });
    expect(config).toEqual({
      url: 'https://tile.test/{z}/{x}/{y}.png',
      subdomains: ['a', 'b', 'c'],
      minimumLevel: 2,
    });
  });

  it('leave an empty secret out (the server keeps the stored one) and keep keys the form does not show', () => {
    const inputs = initialInputValues(wms, { url: 'https://x.test/wms', layers: 'a' });
    const config = configFromInputs(
      wms,
      {
        ...inputs,
        username: 'ada',
        parameters: [
          { key: 'map', value: 'x' },
          { key: ' ', value: 'y' },
        ],
      },
      {
        uploaded: 'kept.geojson',
        password: 'never sent back anyway',
      },
    );
    expect(config).toEqual({
      uploaded: 'kept.geojson',
      url: 'https://x.test/wms',
      layers: 'a',
      version: '1.3.0',
      format: 'image/png',
      transparent: true,
      parameters: { map: 'x' },
      username: 'ada',
    });
    expect(configFromInputs(wms, { ...inputs, password: ' secret ' }).password).toBe(' secret ');
  });

  it('tick and untick sub-layers in a comma-separated list', () => {
    expect(toggleLayer('', 'roads', true)).toBe('roads');
    expect(toggleLayer('roads', 'rivers', true)).toBe('roads,rivers');
    expect(toggleLayer('roads, rivers', 'roads', false)).toBe('rivers');
  });

  it("put the server's field errors on the inputs they name", () => {
    expect(formFieldOfServerError('config.url', wms)).toBe('config.url');
    expect(formFieldOfServerError('url', wms)).toBe('config.url');
    expect(formFieldOfServerError('config.parameters.key', wms)).toBe('config.parameters');
    expect(formFieldOfServerError('name', wms)).toBe('name');
    expect(formFieldOfServerError('account', wms)).toBeNull();
    expect(formFieldOfServerError('config.nope', wms)).toBeNull();
  });
});
