import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../../../test/fake-api';
import { renderWithProviders } from '../../../../../test/render';
import { StyleDialog } from './style-dialog';
import type { FeatureLayerSource } from './use-feature-rows';

const source: FeatureLayerSource = {
  kind: 'geojson',
  config: {
    url: '/api/layers/5/features?capability=abc',
    strokeColor: '#ff6d00',
    fillColor: '#ff6d0033',
    clampToGround: true,
  },
};

const feature = (properties: Record<string, unknown>) => ({
  type: 'Feature',
  properties,
  geometry: { type: 'Point', coordinates: [5, 52] },
});

function stubFeatures() {
  return stubFetch({
    '/api/layers/5/features': () =>
      json({
        type: 'FeatureCollection',
        features: [
          feature({ name: 'Vondelpark', kind: 'park', area: 47 }),
          feature({ name: 'Sloterplas', kind: 'lake', area: 90 }),
          feature({ name: 'Westerpark', kind: 'park', area: 10 }),
        ],
      }),
  });
}

function open(initial = '{}') {
  const onSubmit = vi.fn();
  renderWithProviders(
    <StyleDialog onClose={() => {}} name="Parks" initial={initial} source={source} onSubmit={onSubmit} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Style of Parks' });
  const save = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  const saved = () => JSON.parse(onSubmit.mock.calls.at(-1)?.[0] ?? 'null');
  return { dialog, onSubmit, save, saved };
}

const choose = (name: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('the style dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves a fill colour at the default opacity, an outline width and a point symbol', () => {
    stubFeatures();
    const { save, saved } = open('{"label":"name","extrude":{"property":"area"}}');
    fireEvent.change(screen.getByLabelText('Fill colour'), { target: { value: '#00ff00' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Outline width' }), { target: { value: '3' } });
    choose('Point symbol', 'Triangle');
    save();
    expect(saved()).toEqual({
      label: 'name',
      // Keys the panel has no field for stay as they were.
      extrude: { property: 'area' },
      color: 'rgba(0, 255, 0, 0.35)',
      outlineWidth: 3,
      pointSymbol: 'triangle',
    });
  });

  it('colours by category from the values the features hold, each colour editable', async () => {
    stubFeatures();
    const { save, saved } = open('{"color":"#ff0000"}');
    choose('Colour by', 'Categories (unique values)');
    // Until an attribute is chosen the schema's message says what is missing, and nothing saves.
    expect(screen.getByRole('alert').textContent).toBe('Template colorBy.property: Choose an attribute.');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);

    const attribute = screen.getByRole('combobox', { name: 'Attribute' });
    fireEvent.mouseDown(attribute);
    // The attributes offered are those of the loaded features.
    const offered = await screen.findAllByRole('option');
    expect(offered.map((option) => option.textContent)).toEqual(['name', 'kind', 'area']);
    fireEvent.click(offered[1] as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Add all values' }));
    expect(screen.getByRole('status').textContent).toBe('2 values found.');
    fireEvent.change(screen.getByLabelText('Colour of park'), { target: { value: '#0000ff' } });
    save();
    expect(saved()).toEqual({
      color: '#ff0000',
      colorBy: {
        by: 'category',
        property: 'kind',
        categories: [
          { value: 'lake', color: '#4e79a7' },
          { value: 'park', color: '#0000ff' },
        ],
      },
    });
  });

  it('colours by graduated ranges of a number, on a ramp', async () => {
    stubFeatures();
    const { save, saved } = open(
      '{"color":"rgba(0, 0, 0, 0.5)","colorBy":{"by":"range","property":"area","ranges":[]}}',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Classify' })).toHaveProperty('disabled', false),
    );
    choose('Classes', '2');
    choose('Colour ramp', 'Blues');
    fireEvent.click(screen.getByRole('button', { name: 'Classify' }));
    save();
    expect(saved().colorBy).toEqual({
      by: 'range',
      property: 'area',
      ranges: [
        // Equal intervals of 10 … 90, each in the fill's opacity.
        { min: 10, max: 50, color: 'rgba(222, 235, 247, 0.5)' },
        { min: 50, max: 90, color: 'rgba(8, 81, 156, 0.5)' },
      ],
    });
  });

  it('keeps the values between the panel and the JSON, and saves no JSON the schema refuses', () => {
    stubFeatures();
    const { onSubmit, save, saved } = open('{"pointSize":12}');
    fireEvent.change(screen.getByLabelText('Fill colour'), { target: { value: '#123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'JSON (advanced)' }));
    const text = screen.getByRole('textbox', { name: 'Template (JSON)' });
    expect(JSON.parse((text as HTMLTextAreaElement).value)).toEqual({
      pointSize: 12,
      color: 'rgba(18, 52, 86, 0.35)',
    });

    fireEvent.change(text, { target: { value: '{"pointSize": 100}' } });
    expect(screen.getByText(/^Template pointSize: /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Style' })).toHaveProperty('disabled', true);
    save();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(text, { target: { value: '{"pointSize": 20, "outlineColor": "#abcdef"}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Style' }));
    expect((screen.getByRole('textbox', { name: 'Point size' }) as HTMLInputElement).value).toBe('20');
    expect((screen.getByLabelText('Outline colour') as HTMLInputElement).value).toBe('#abcdef');
    save();
    expect(saved()).toEqual({ pointSize: 20, outlineColor: '#abcdef' });
  });

  it('opens a stored template the schema refuses as JSON, with its message', () => {
    stubFeatures();
    open('{"colour":"red"}');
    expect(screen.getByRole('textbox', { name: 'Template (JSON)' })).toBeTruthy();
    expect(screen.getByText(/colour/, { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('takes typed attribute names when the features cannot be read', async () => {
    stubFetch({});
    const { save, saved } = open();
    expect(await screen.findByText(/could not be read from its features/)).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Label attribute' }), {
      target: { value: 'naam' },
    });
    save();
    expect(saved()).toEqual({ label: 'naam' });
  });
});
