import { describe, expect, it } from 'vitest';
import { offlineBaseLayer, parseLayerTemplate } from './layer-template.js';

describe('parseLayerTemplate', () => {
  it('reads an empty template as no style', () => {
    expect(parseLayerTemplate('')).toEqual({ ok: true, template: {} });
    expect(parseLayerTemplate('{}')).toEqual({ ok: true, template: {} });
  });

  it('reads the style keys', () => {
    const text = '{"color":"#ff6d00","opacity":0.5,"extrude":{"property":"height"},"label":"name"}';
    expect(parseLayerTemplate(text)).toEqual({
      ok: true,
      template: { color: '#ff6d00', opacity: 0.5, extrude: { property: 'height' }, label: 'name' },
    });
  });

  it('names what is wrong', () => {
    expect(parseLayerTemplate('{"color": ')).toEqual({
      ok: false,
      message: 'The template is not valid JSON.',
    });
    const opacity = parseLayerTemplate('{"opacity": 2}');
    expect(opacity.ok).toBe(false);
    expect(!opacity.ok && opacity.message).toMatch(/^Template opacity: /);
    const unknown = parseLayerTemplate('{"colour": "red"}');
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.message).toMatch(/colour/);
    expect(parseLayerTemplate('{"color": "url(x)"}').ok).toBe(false);
  });

  it('keeps reading the templates stored before the style panel', () => {
    const stored = [
      { label: 'name', color: '#ffd54f', outlineColor: '#000000' },
      { color: 'rgba(255, 109, 0, 0.28)', outlineColor: '#ff6d00', outlineWidth: 1 },
      { layers: '2', parameters: { styles: 'default', time: 2024, transparent: true } },
      { maximumScreenSpaceError: 8, opacity: 0.4 },
    ];
    for (const template of stored)
      expect(parseLayerTemplate(JSON.stringify(template))).toEqual({ ok: true, template });
  });

  it('reads point symbols and colours by category or by range', () => {
    const template = {
      pointSymbol: 'triangle',
      pointSize: 16,
      colorBy: {
        by: 'category',
        property: 'kind',
        categories: [
          { value: 'park', color: '#2e7d32' },
          { value: '3', color: 'rgba(0, 0, 255, 0.5)' },
        ],
      },
    };
    expect(parseLayerTemplate(JSON.stringify(template))).toEqual({ ok: true, template });
    const ranges = {
      colorBy: {
        by: 'range',
        property: 'population',
        ranges: [
          { min: 0, max: 1000, color: '#fee5d9' },
          { min: 1000, max: 5000.5, color: '#a50f15' },
        ],
      },
    };
    expect(parseLayerTemplate(JSON.stringify(ranges))).toEqual({ ok: true, template: ranges });
  });

  it('says clearly what is wrong in the new keys', () => {
    const message = (template: unknown) => {
      const parsed = parseLayerTemplate(JSON.stringify(template));
      return parsed.ok ? 'ok' : parsed.message;
    };
    expect(message({ pointSymbol: 'hexagon' })).toBe(
      'Template pointSymbol: Choose one of: circle, square, triangle, diamond, star.',
    );
    expect(message({ pointSize: 100 })).toMatch(/^Template pointSize: /);
    expect(message({ colorBy: { by: 'size', property: 'x' } })).toBe(
      'Template colorBy.by: Set "by" to "category" or "range".',
    );
    expect(message({ colorBy: { by: 'category', property: '', categories: [] } })).toBe(
      'Template colorBy.property: Choose an attribute.',
    );
    expect(
      message({ colorBy: { by: 'category', property: 'k', categories: [{ value: 'a', color: 'nope!' }] } }),
    ).toMatch(/^Template colorBy\.categories\.0\.color: Enter a CSS colour/);
    const twice = { value: 'a', color: 'red' };
    expect(message({ colorBy: { by: 'category', property: 'k', categories: [twice, twice] } })).toBe(
      'Template colorBy.categories: Each category value may appear once.',
    );
    expect(
      message({ colorBy: { by: 'range', property: 'n', ranges: [{ min: 5, max: 1, color: 'red' }] } }),
    ).toBe('Template colorBy.ranges.0.max: A range’s min must not be greater than its max.');
    expect(
      message({ colorBy: { by: 'range', property: 'n', ranges: [{ min: 0, max: 1, color: 'red', x: 1 }] } }),
    ).toMatch(/^Template colorBy\.ranges\.0: .*x/);
    const many = Array.from({ length: 21 }, (_, i) => ({ min: i, max: i + 1, color: 'red' }));
    expect(message({ colorBy: { by: 'range', property: 'n', ranges: many } })).toBe(
      'Template colorBy.ranges: At most 20 ranges.',
    );
  });

  it('describes the offline base layer', () => {
    expect(offlineBaseLayer.name).toContain('baseLayer');
    expect(parseLayerTemplate(offlineBaseLayer.template)).toEqual({
      ok: true,
      template: { builtin: 'natural-earth-ii' },
    });
  });
});
