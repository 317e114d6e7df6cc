import { datasourceTypeById, datasourceTypeByKey } from '@geows/contract';
import type { z } from 'zod';

/**
 * The form's inputs for a data source type, read from its config schema in the contract
 * (`datasourceTypeDefinitions[..].config`), so a field added there shows up here:
 * string → text, number → number, boolean → switch, enum → select, array of strings →
 * comma-separated text, record → key/value rows; the type's `secrets` → password fields.
 */
export type ConfigFieldKind = 'text' | 'url' | 'number' | 'boolean' | 'enum' | 'list' | 'record' | 'secret';

export type ConfigField = {
  name: string;
  kind: ConfigFieldKind;
  /** Neither optional nor defaulted: the API refuses the config without it. */
  required: boolean;
  /** The schema's default, if any (what an untouched field means). */
  defaultValue: unknown;
  /** The choices of an enum. */
  options: readonly string[];
  integer: boolean;
};

export type KeyValue = { key: string; value: string };
/** What an input holds: text for text, number, enum and list fields; a flag; key/value rows. */
export type ConfigInputValue = string | boolean | KeyValue[];
export type ConfigInputValues = Record<string, ConfigInputValue>;

/** Keys the form never shows as inputs: an uploaded file's name is set by the server. */
const hiddenKeys = new Set(['uploaded']);

/** The fields to show when a `wms`/`wmts`/`arcgis-mapserver` service's sub-layers are offered. */
export type LayerPicker = { field: string; multiple: boolean };

type Schema = z.ZodType & { def: { type: string } & Record<string, unknown> };

function unwrap(schema: Schema): {
  inner: Schema;
  optional: boolean;
  hasDefault: boolean;
  defaultValue: unknown;
} {
  let inner = schema;
  let optional = false;
  let hasDefault = false;
  let defaultValue: unknown;
  for (;;) {
    const { def } = inner;
    if (def.type === 'optional' || def.type === 'nullable') optional = true;
    else if (def.type === 'default' || def.type === 'prefault') {
      hasDefault = true;
      defaultValue = def.defaultValue;
    } else break;
    inner = def.innerType as Schema;
  }
  return { inner, optional, hasDefault, defaultValue };
}

function kindOf(inner: Schema): ConfigFieldKind {
  const { def } = inner;
  switch (def.type) {
    case 'number':
    case 'int':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'enum';
    case 'record':
      return 'record';
    case 'array':
      return 'list';
    case 'string':
      return def.format === 'url' ? 'url' : 'text';
    default:
      return 'text';
  }
}

/** A type without a schema in the contract (added on the server later) needs a `url` at least. */
const fallbackFields: ConfigField[] = [
  { name: 'url', kind: 'url', required: true, defaultValue: undefined, options: [], integer: false },
];

/** The config inputs of a type (by id), in the schema's order. */
export function configFieldsOf(typeId: number | undefined): ConfigField[] {
  if (typeId === undefined) return [];
  const definition = datasourceTypeById(typeId);
  if (!definition) return fallbackFields;
  const secrets = new Set<string>(definition.secrets);
  const shape = (definition.config as unknown as { shape: Record<string, Schema> }).shape;
  return Object.entries(shape)
    .filter(([name]) => !hiddenKeys.has(name))
    .map(([name, schema]) => {
      const { inner, optional, hasDefault, defaultValue } = unwrap(schema);
      const kind = secrets.has(name) ? 'secret' : kindOf(inner);
      const checks = (inner.def.checks ?? []) as { _zod?: { def?: { check?: string; format?: string } } }[];
      const integer =
        inner.def.type === 'int' ||
        checks.some((check) => check._zod?.def?.format === 'safeint' || check._zod?.def?.check === 'int');
      const options = kind === 'enum' ? ((inner as unknown as { options: string[] }).options ?? []) : [];
      return { name, kind, required: !optional && !hasDefault, defaultValue, options, integer };
    });
}

/** Which field a service's sub-layers fill: `layers` (comma-separated, several) or `layer` (one). */
export function layerPickerOf(fields: readonly ConfigField[]): LayerPicker | null {
  if (fields.some((field) => field.name === 'layers')) return { field: 'layers', multiple: true };
  if (fields.some((field) => field.name === 'layer')) return { field: 'layer', multiple: false };
  return null;
}

/** The style fields an uploaded GeoJSON source still has (its data cannot change). */
export const uploadedFieldNames: ReadonlySet<string> = new Set(['strokeColor', 'fillColor', 'clampToGround']);

export const isUploaded = (config: Record<string, unknown> | undefined) =>
  typeof config?.uploaded === 'string';

export const geojsonTypeId = datasourceTypeByKey('geojson')?.id;

const splitList = (text: string) =>
  text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** The inputs' starting values: the stored config, else the schema's defaults. Secrets start empty. */
export function initialInputValues(
  fields: readonly ConfigField[],
  config: Record<string, unknown> = {},
): ConfigInputValues {
  const values: ConfigInputValues = {};
  for (const field of fields) {
    const value = field.name in config ? config[field.name] : field.defaultValue;
    switch (field.kind) {
      case 'boolean':
        values[field.name] = typeof value === 'boolean' ? value : false;
        break;
      case 'record':
        values[field.name] =
          value && typeof value === 'object' && !Array.isArray(value)
            ? Object.entries(value).map(([key, item]) => ({ key, value: String(item) }))
            : [];
        break;
      case 'list':
        values[field.name] = Array.isArray(value) ? value.map(String).join(', ') : '';
        break;
      case 'secret':
        values[field.name] = '';
        break;
      default:
        values[field.name] = value === undefined || value === null ? '' : String(value);
    }
  }
  return values;
}

/** One input's value as the config holds it; undefined leaves the key out (the default applies). */
function configValueOf(field: ConfigField, input: ConfigInputValue | undefined): unknown {
  const omittable = !field.required;
  switch (field.kind) {
    case 'boolean':
      return input === true;
    case 'record': {
      const rows = Array.isArray(input) ? input : [];
      return Object.fromEntries(
        rows.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value]),
      );
    }
    case 'list':
      return splitList(typeof input === 'string' ? input : '');
    case 'number': {
      const text = typeof input === 'string' ? input.trim() : '';
      if (text === '') return omittable ? undefined : text;
      const number = Number(text);
      // Not a number: sent as typed, so the schema says what is wrong.
      return Number.isFinite(number) ? number : text;
    }
    case 'secret':
      // Passwords and tokens are sent exactly as typed; empty keeps the stored one.
      return typeof input === 'string' && input !== '' ? input : undefined;
    default: {
      const text = typeof input === 'string' ? input.trim() : '';
      return text === '' && omittable ? undefined : text;
    }
  }
}

/**
 * The config to send: the stored one (keys the form does not show, such as `uploaded`)
 * with the inputs' values over it. An empty secret is left out, so the server keeps the
 * stored one (docs/api.md, "Data sources").
 */
export function configFromInputs(
  fields: readonly ConfigField[],
  inputs: ConfigInputValues,
  base: Record<string, unknown> = {},
): Record<string, unknown> {
  const config: Record<string, unknown> = { ...base };
  for (const field of fields) {
    const value = configValueOf(field, inputs[field.name]);
    if (value === undefined) delete config[field.name];
    else config[field.name] = value;
  }
  return config;
}

/** The comma-separated names of a `layers` field, for ticking the offered sub-layers. */
export const selectedLayers = (text: string) => splitList(text);

/** Ticks or unticks one sub-layer in a comma-separated list, keeping the order they were picked in. */
export function toggleLayer(text: string, name: string, on: boolean): string {
  const names = splitList(text).filter((item) => item !== name);
  return (on ? [...names, name] : names).join(',');
}

/**
 * Where a server's field error belongs: `config.url` (create, update) and inspect's bare
 * `url` go to the config input of that name, `name` to the name. Null when the form has no
 * such input.
 */
export function formFieldOfServerError(
  key: string,
  fields: readonly ConfigField[],
): 'name' | 'type' | `config.${string}` | null {
  if (key === 'name' || key === 'type') return key;
  const [first, second] = key.split('.');
  const configKey = first === 'config' ? second : first;
  if (configKey && fields.some((field) => field.name === configKey)) return `config.${configKey}`;
  return null;
}
