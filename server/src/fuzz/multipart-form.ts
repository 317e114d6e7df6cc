import fc from 'fast-check';
import { hostileText } from './hostile-values.js';
import { idOf, TenantRef, type Tenants } from './tenant-refs.js';

/**
 * A multipart/form-data body as the upload endpoint takes it (name, account, file),
 * whole or cut off anywhere: a dropped connection's body, or a client's bug.
 */
export type FuzzForm = {
  parts: { name: string; value: unknown; filename?: string }[];
  /** How much of the body is sent, in per cent; 100 keeps it whole. */
  keep: number;
};

const BOUNDARY = 'fuzz-boundary-7MA4YWxk';

const geojsonText = fc.jsonValue({ maxDepth: 3 }).map((properties) =>
  JSON.stringify({
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties, geometry: { type: 'Point', coordinates: [4.9, 52.4] } }],
  }),
);
const csvText = fc
  .array(fc.tuple(fc.double({ min: -90, max: 90, noNaN: true }), fc.double()), { maxLength: 5 })
  .map((rows) => `latitude,longitude\n${rows.map(([lat, lon]) => `${lat},${lon}`).join('\n')}`);

/** Mostly files the upload reads (so the parsers behind it get their turn), then anything. */
const fileText = fc.oneof(
  { arbitrary: geojsonText, weight: 4 },
  { arbitrary: csvText, weight: 2 },
  { arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)), weight: 1 },
  { arbitrary: hostileText, weight: 1 },
);

type Part = FuzzForm['parts'][number];

const namePart = fc.record({
  name: fc.constant('name'),
  value: fc.oneof(
    { arbitrary: fc.string({ minLength: 1, maxLength: 40 }).filter((name) => name.trim() !== ''), weight: 3 },
    { arbitrary: hostileText, weight: 1 },
  ),
});
const accountPart = fc.record({ name: fc.constant('account'), value: idOf('account') });
const filePart = fc.record({
  name: fc.constantFrom('file', 'file', 'other'),
  value: fileText,
  filename: fc.oneof(
    fc.constantFrom('parks.geojson', 'points.csv', 'a.json', '', '../../x.geojson'),
    hostileText,
  ),
});
/** Mostly present, now and then missing: a form is valid often enough to reach the parser behind it. */
const mostly = (part: fc.Arbitrary<Part>) => fc.option(part, { nil: undefined, freq: 6 });

export const fuzzForm: fc.Arbitrary<FuzzForm> = fc.record({
  parts: fc
    .tuple(
      mostly(namePart),
      mostly(accountPart),
      mostly(filePart),
      fc.array(fc.oneof(namePart, filePart), { maxLength: 1 }),
    )
    .map(([name, account, file, extra]) =>
      [name, account, file, ...extra].filter((part): part is Part => part !== undefined),
    ),
  keep: fc.oneof(
    { arbitrary: fc.constant(100), weight: 3 },
    { arbitrary: fc.integer({ min: 0, max: 99 }), weight: 1 },
  ),
});

/** The form's bytes and content type, with the tenants' ids in it. */
export function formRequest(form: FuzzForm, tenants: Tenants): { payload: string; contentType: string } {
  const text = (value: unknown) =>
    value instanceof TenantRef
      ? String(value.resolve(tenants))
      : typeof value === 'string'
        ? value
        : JSON.stringify(value);
  const body = `${form.parts
    .map(({ name, value, filename }) =>
      [
        `--${BOUNDARY}`,
        `Content-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}`,
        '',
        text(value),
      ].join('\r\n'),
    )
    .join('\r\n')}\r\n--${BOUNDARY}--\r\n`;
  return {
    payload: body.slice(0, Math.floor((body.length * form.keep) / 100)),
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  };
}
