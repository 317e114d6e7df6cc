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

  it('describes the offline base layer', () => {
    expect(offlineBaseLayer.name).toContain('baseLayer');
    expect(parseLayerTemplate(offlineBaseLayer.template)).toEqual({
      ok: true,
      template: { builtin: 'natural-earth-ii' },
    });
  });
});
