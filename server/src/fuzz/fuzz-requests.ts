import {
  allEndpoints,
  camera,
  datasourceTypeDefinitions,
  type Endpoint,
  layerTemplateSchema,
  workspacePluginsSchema,
} from '@geows/contract';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  extraKey,
  hostileJsonText,
  hostileNumber,
  hostileText,
  hostileValue,
  malformedBody,
  oddContentType,
} from './hostile-values.js';
import { type FuzzForm, formRequest, fuzzForm } from './multipart-form.js';
import {
  anyEmail,
  anyPassword,
  anyShareToken,
  anyUsername,
  type IdKind,
  idOf,
  jsonWithRefs,
  TenantRef,
  type Tenants,
} from './tenant-refs.js';
import { type ArbitraryOptions, arbitraryOf } from './zod-arbitrary.js';

/**
 * One request of the fuzzer, before the tenants' ids are filled in: an endpoint of the
 * contract, its path parameters, query and body (valid ones, or mutated), sent signed in
 * as tenant A's admin or anonymously.
 */
export type FuzzCase = {
  /** `POST /api/layers`: the endpoint by name, so that a counterexample prints short. */
  endpoint: string;
  kind:
    | 'valid'
    | 'mutated field'
    | 'hostile query or path'
    | 'malformed body'
    | 'wrong content type'
    | 'multipart form';
  signedIn: boolean;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** A JSON value, or `{ raw }`: text sent as it is. */
  body?: unknown;
  raw?: string;
  contentType?: string | undefined;
  /** A multipart/form-data body instead (uploads). */
  form?: FuzzForm;
};

/** What `app.inject` sends for a case. */
export type ConcreteRequest = {
  method: Endpoint['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

const JSON_TEXT_FIELDS: Record<string, z.core.$ZodType> = {
  camera,
  template: layerTemplateSchema,
  workspacePlugins: workspacePluginsSchema,
};

const lonLat = fc.tuple(
  fc.double({ min: -180, max: 180, noNaN: true }),
  fc.double({ min: -90, max: 90, noNaN: true }),
);
/** What the id in a field names. */
const idKindOfField: Record<string, IdKind> = {
  workspace: 'workspace',
  account: 'account',
  admin: 'user',
  parent: 'group',
  data_source: 'datasource',
  datasource: 'datasource',
  user_groups: 'userGroup',
  userId: 'editor',
  shareId: 'shareLink',
  memberId: 'member',
};

/** What `:id` names, by the path segment before it. */
const idKindOfPath: Record<string, IdKind> = {
  accounts: 'account',
  workspaces: 'workspace',
  datasources: 'datasource',
  layers: 'layer',
  userGroup: 'userGroup',
  // Deleting yourself ends the tenant: tried now and then, not as often as a valid id.
  users: 'editor',
  extendUsers: 'user',
  invite: 'invitation',
};

/**
 * How the values of one endpoint are generated: ids of the kind each field names, and
 * the fields whose schema cannot say what a valid value looks like (JSON in a string, a
 * line checked as a whole) or that name the tenants' objects (share tokens, e-mail addresses).
 */
function hintsFor(endpoint: Endpoint): ArbitraryOptions {
  const pathKind = idKindOfPath[/\/(\w+)\/:id\b/.exec(endpoint.path)?.[1] ?? ''];
  const id = (field: string | undefined) =>
    idOf(field === 'id' ? pathKind : field ? idKindOfField[field] : undefined);
  return {
    id,
    field: (key) => {
      const inner = JSON_TEXT_FIELDS[key];
      if (inner) return arbitraryOf(inner, { id }).map((value) => JSON.stringify(value));
      if (key === 'line') return fc.array(lonLat, { minLength: 2, maxLength: 50 });
      if (key === 'token') return fc.option(anyShareToken, { nil: undefined, freq: 3 });
      if (key === 'email') return anyEmail;
      if (key === 'username') return anyUsername;
      // Now and then the right one: a login that succeeds, a password change that checks out.
      if ((key === 'password' && endpoint.path === '/auth/login/') || key === 'current_password')
        return anyPassword;
      if (key === 'config')
        return fc.oneof(...datasourceTypeDefinitions.map((type) => configOf(type, { id })));
      // A workspace's version starts at 1: small numbers meet the real one now and then.
      if (key === 'version') return fc.integer({ min: 1, max: 4 });
      return undefined;
    },
  };
}

/** A data source type's config; a tile URL template gets the {z}, {x} and {y} its refinement asks for. */
function configOf(
  type: (typeof datasourceTypeDefinitions)[number],
  hints: ArbitraryOptions,
): fc.Arbitrary<unknown> {
  return arbitraryOf(type.config, hints).map((config) => {
    const { url } = config as { url?: unknown };
    return type.key === 'xyz' && typeof url === 'string'
      ? { ...(config as object), url: `${url.replace(/\/$/, '')}/{z}/{x}/{y}.png` }
      : config;
  });
}

function validValue(
  schema: z.core.$ZodType | undefined,
  hints: ArbitraryOptions,
): fc.Arbitrary<Record<string, unknown>> {
  if (!schema) return fc.constant({});
  const shape = (schema._zod.def as { shape?: Record<string, unknown> }).shape;
  // A data source's config follows its type's schema: generate the two together.
  if (shape && 'type' in shape && 'config' in shape) {
    return fc.constantFrom(...datasourceTypeDefinitions).chain((type) =>
      arbitraryOf(schema, {
        ...hints,
        field: (key, field) =>
          key === 'type'
            ? fc.constant(type.id)
            : key === 'config'
              ? configOf(type, hints)
              : hints.field?.(key, field),
      }),
    ) as fc.Arbitrary<Record<string, unknown>>;
  }
  return arbitraryOf(schema, hints).map((value) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {},
  );
}

/** Paths (`['config', 'url']`) to the values inside a body, a few levels deep. */
function pathsIn(value: unknown, depth = 0): (string | number)[][] {
  if (depth > 3 || typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const step = Array.isArray(value) ? Number(key) : key;
    return [[step], ...pathsIn(item, depth + 1).map((rest) => [step, ...rest])];
  });
}

function withValueAt(
  value: unknown,
  path: (string | number)[],
  replacement: unknown,
  remove = false,
): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  if (rest.length === 0 && remove) delete copy[step];
  else copy[step] = withValueAt(copy[step], rest, replacement, remove);
  return copy;
}

function withKey(value: Record<string, unknown>, key: string, item: unknown): Record<string, unknown> {
  const copy = { ...value };
  Object.defineProperty(copy, key, { value: item, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** One change a careless or hostile client makes to a valid body. */
function mutated(body: Record<string, unknown>): fc.Arbitrary<unknown> {
  const paths = pathsIn(body);
  const jsonTextKeys = Object.keys(body).filter((key) => key in JSON_TEXT_FIELDS);
  const options: fc.WeightedArbitrary<unknown>[] = [
    { arbitrary: fc.tuple(extraKey, hostileValue).map(([key, item]) => withKey(body, key, item)), weight: 1 },
    { arbitrary: hostileValue, weight: 1 },
  ];
  if (paths.length > 0) {
    const path = fc.constantFrom(...paths);
    options.push(
      { arbitrary: fc.tuple(path, hostileValue).map(([at, item]) => withValueAt(body, at, item)), weight: 2 },
      { arbitrary: path.map((at) => withValueAt(body, at, undefined, true)), weight: 1 },
    );
  }
  // JSON text fields get broken JSON often, whether or not the valid body had them.
  const jsonTextKey = fc.constantFrom(
    ...(jsonTextKeys.length > 0 ? jsonTextKeys : Object.keys(JSON_TEXT_FIELDS)),
  );
  options.push({
    arbitrary: fc.tuple(jsonTextKey, hostileJsonText).map(([key, text]) => ({ ...body, [key]: text })),
    weight: 1,
  });
  return fc.oneof(...options);
}

const hostileParam: fc.Arbitrary<unknown> = fc.oneof(
  hostileNumber,
  hostileText.filter((text) => text.length < 4000),
  fc.constantFrom('0', '-1', '%00', '..%2F..', '1.5', ' 1', '1 ', '+1', '1e3', 'me', 'null', '[]', '%'),
);

export const endpointName = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;
const endpointsByName = new Map(allEndpoints.map((endpoint) => [endpointName(endpoint), endpoint]));

export function endpointNamed(name: string): Endpoint {
  const endpoint = endpointsByName.get(name);
  if (!endpoint) throw new Error(`No endpoint ${name} in the contract`);
  return endpoint;
}

function caseFor(endpoint: Endpoint): fc.Arbitrary<FuzzCase> {
  const name = endpointName(endpoint);
  // Mostly signed in (five in six): anonymous calls end at the 401 of most endpoints.
  const signedIn = fc.integer({ min: 0, max: 5 }).map((draw) => draw > 0);
  const hints = hintsFor(endpoint);
  const params = validValue(endpoint.params, hints);
  const query = validValue(endpoint.query, hints);
  const body = endpoint.body ? validValue(endpoint.body, hints) : fc.constant(undefined);
  const writes = ['POST', 'PUT', 'PATCH'].includes(endpoint.method);
  const base = fc.record({ signedIn, params, query, body });

  const valid = base.map((parts) => ({ endpoint: name, kind: 'valid' as const, ...parts }));
  const mutatedField = base.chain((parts) =>
    mutated((parts.body as Record<string, unknown> | undefined) ?? {}).map((changed) => ({
      endpoint: name,
      kind: 'mutated field' as const,
      ...parts,
      body: changed,
    })),
  );
  const hostileQueryOrPath = base.chain((parts) =>
    fc
      .tuple(
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(...Object.keys(parts.query), ...Object.keys(parts.params), 'page', 'account'),
            extraKey,
          ),
          fc.oneof(hostileParam, fc.array(hostileParam, { minLength: 2, maxLength: 3 })),
          { minKeys: 1, maxKeys: 3 },
        ),
        fc.boolean(),
      )
      .map(([changes, inPath]) => {
        const params = { ...parts.params };
        const query = { ...parts.query };
        for (const [key, value] of Object.entries(changes)) {
          if (inPath && key in params) params[key] = Array.isArray(value) ? value[0] : value;
          else query[key] = value;
        }
        return { endpoint: name, kind: 'hostile query or path' as const, ...parts, params, query };
      }),
  );
  const malformed = base.chain((parts) =>
    fc
      .tuple(malformedBody, fc.constantFrom('application/json', 'application/json; charset=utf-8'))
      .map(([raw, contentType]) => ({
        endpoint: name,
        kind: 'malformed body' as const,
        ...parts,
        body: undefined,
        raw,
        contentType,
      })),
  );
  const wrongContentType = base.chain((parts) =>
    oddContentType.map((contentType) => ({
      endpoint: name,
      kind: 'wrong content type' as const,
      ...parts,
      body: parts.body ?? {},
      contentType,
    })),
  );
  const multipartForm = base.chain((parts) =>
    fuzzForm.map((form) => ({
      endpoint: name,
      kind: 'multipart form' as const,
      ...parts,
      body: undefined,
      form,
    })),
  );
  // Uploads take a form; other endpoints get one now and then, as a wrong body.
  const formWeight = endpoint.path === '/api/datasources/upload' ? 8 : writes ? 1 : 0;
  return fc.oneof(
    { arbitrary: valid, weight: 4 },
    ...(formWeight > 0 ? [{ arbitrary: multipartForm, weight: formWeight }] : []),
    { arbitrary: hostileQueryOrPath, weight: 2 },
    ...(writes || endpoint.method === 'DELETE'
      ? [
          { arbitrary: mutatedField, weight: writes ? 4 : 1 },
          { arbitrary: malformed, weight: 1 },
          { arbitrary: wrongContentType, weight: 1 },
        ]
      : []),
  );
}

/** A case for every endpoint of the contract, each endpoint as likely as any other. */
export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.oneof(...allEndpoints.map(caseFor)).map((fuzz) =>
  // fast-check's own printer recurses into 3,000 nested arrays and runs out of stack.
  Object.defineProperty(fuzz, fc.toStringMethod, { value: () => preview(fuzz), enumerable: false }),
);

/** A case as a counterexample prints it: short, whatever it holds. */
export function preview(value: unknown, depth = 0): string {
  if (typeof value === 'string')
    return JSON.stringify(value.length > 300 ? `${value.slice(0, 300)}…(${value.length})` : value);
  if (typeof value !== 'object' || value === null) return String(value);
  if (fc.toStringMethod in value) {
    if (depth > 0) return String((value as { [fc.toStringMethod]: () => string })[fc.toStringMethod]());
  }
  if (depth >= 8) return Array.isArray(value) ? '[…]' : '{…}';
  const entries = Object.entries(value).slice(0, 30);
  const items = entries.map(([key, item]) =>
    Array.isArray(value) ? preview(item, depth + 1) : `${JSON.stringify(key)}: ${preview(item, depth + 1)}`,
  );
  return Array.isArray(value) ? `[${items.join(', ')}]` : `{${items.join(', ')}}`;
}

const withQuery = (path: string, search: URLSearchParams) => {
  const query = search.toString();
  return query ? `${path}?${query}` : path;
};

/** A value as a path or query string carries it: text as it is, anything else as JSON. */
function asText(value: unknown, tenants: Tenants): string {
  if (value instanceof TenantRef) return String(value.resolve(tenants));
  if (typeof value === 'string') return value;
  return jsonWithRefs(value, tenants) ?? '';
}

/**
 * encodeURIComponent, except that a lone surrogate (which has no UTF-8) goes as the
 * three bytes a careless encoder writes for it (WTF-8): invalid UTF-8 in the path.
 */
function percentEncoded(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return text
      .replace(/[\uD800-\uDFFF]/g, (unit) => {
        const code = unit.charCodeAt(0);
        const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
        return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
      })
      .replace(/[^\uD800-\uDFFF%]+/g, (part) => encodeURIComponent(part));
  }
}

/** The case as bytes on the wire, with the tenants' current ids and tokens in it. */
export function concreteRequest(fuzz: FuzzCase, tenants: Tenants): ConcreteRequest {
  const endpoint = endpointNamed(fuzz.endpoint);
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) =>
    percentEncoded(fuzz.params[name] === undefined ? '' : asText(fuzz.params[name], tenants)),
  );
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(fuzz.query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item, tenants));
  }
  const headers: Record<string, string> = fuzz.signedIn ? { authorization: `Token ${tenants.A.token}` } : {};
  let payload: string | undefined;
  if (fuzz.form) {
    const form = formRequest(fuzz.form, tenants);
    headers['content-type'] = form.contentType;
    return { method: endpoint.method, url: withQuery(path, search), headers, payload: form.payload };
  }
  if (fuzz.raw !== undefined) payload = fuzz.raw;
  else if (fuzz.body !== undefined) payload = jsonWithRefs(fuzz.body, tenants) ?? 'null';
  if (payload !== undefined) {
    const contentType = 'contentType' in fuzz ? fuzz.contentType : 'application/json';
    if (contentType !== undefined) headers['content-type'] = contentType;
  }
  return {
    method: endpoint.method,
    url: withQuery(path, search),
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}
