import { describe, expect, it } from 'vitest';
import { jsonTooDeep, maxJsonDepth, nestsDeeperThan } from './fields.js';
import { parseLayerTemplate } from './layer-template.js';
import { createLayerRequest, updateLayerRequest } from './layers.js';
import { updateWorkspaceRequest } from './workspaces.js';

/** `{"a": [[…"x"…]]}` with `depth` levels in all (the object counts as one). */
const nested = (depth: number) => `{"a": ${'['.repeat(depth - 1)}"x"${']'.repeat(depth - 1)}}`;

/** A valid camera with the nested text as one more key: the camera's schema would not look at it. */
const cameraWith = (text: string) =>
  JSON.stringify({ longitude: 4.4, latitude: 51.9, height: 1200, heading: 0, pitch: -35, roll: 0 }).replace(
    /}$/,
    `, ${text.slice(1)}`,
  );

/** The messages a schema gives `field`, or [] when it passes. */
function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.success
    ? []
    : (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestsDeeperThan('x', 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [1, { b: 2 }] }, 2)).toBe(true);
    // The deep branch may be anywhere, not only first.
    expect(nestsDeeperThan({ a: 1, b: {}, c: [[], [[[]]]] }, 4)).toBe(true);
  });

  it('walks a value far deeper than the stack would allow', () => {
    const value: unknown = JSON.parse(nested(200_000));
    expect(nestsDeeperThan(value, maxJsonDepth)).toBe(true);
  });
});

describe('JSON text fields', () => {
  // Layer templates, camera and plugin settings: all JSON text, all stored as jsonb.
  const fields = [
    [
      'template (create)',
      (text: string) => createLayerRequest.safeParse({ workspace: 1, name: 'x', template: text }),
    ],
    ['template (update)', (text: string) => updateLayerRequest.safeParse({ template: text })],
    [
      'workspacePlugins',
      (text: string) => updateWorkspaceRequest.safeParse({ version: 1, workspacePlugins: text }),
    ],
    ['camera', (text: string) => updateWorkspaceRequest.safeParse({ version: 1, camera: cameraWith(text) })],
  ] as const;

  it.each(fields)('%s: refuses text nested 5,000 deep, naming the field', (_, parse) => {
    const messages = messagesOf(parse(nested(5000)));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^(template|workspacePlugins|camera): /);
    expect(messages[0]).toContain(jsonTooDeep);
  });

  it.each(fields)('%s: takes maxJsonDepth levels, refuses one more', (_, parse) => {
    expect(messagesOf(parse(nested(maxJsonDepth)))).toEqual([]);
    expect(messagesOf(parse(nested(maxJsonDepth + 1)))[0]).toContain(jsonTooDeep);
  });

  it('keeps the messages for text that is not JSON, or not the right JSON', () => {
    expect(messagesOf(createLayerRequest.safeParse({ workspace: 1, name: 'x', template: '[1]' }))).toEqual([
      'template: Enter the template as a JSON object, e.g. {"color": "#ff6d00"}.',
    ]);
    expect(messagesOf(updateWorkspaceRequest.safeParse({ version: 1, workspacePlugins: '{' }))).toEqual([
      'workspacePlugins: Enter the plugin settings as a JSON object.',
    ]);
    expect(messagesOf(updateWorkspaceRequest.safeParse({ version: 1, camera: '{}' }))).toEqual([
      'camera: Enter the camera as JSON: {longitude, latitude, height, heading, pitch, roll}.',
    ]);
  });

  it('has the viewer refuse a stored template nested too deeply', () => {
    expect(parseLayerTemplate(nested(5000))).toEqual({ ok: false, message: `Template: ${jsonTooDeep}` });
  });
});
