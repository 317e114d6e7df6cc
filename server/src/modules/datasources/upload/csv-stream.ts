import { pipeline } from 'node:stream/promises';
import { CsvError, parse } from 'csv-parse';
import { type FeatureSink, itemWriter } from './feature-sink.js';
import type { PeekedSource } from './source.js';
import { type GeoJsonFeature, UploadError } from './types.js';

export type Delimiter = ',' | ';' | '\t';

/** Header names (compared trimmed and in lower case), in the order they are preferred. */
const latitudeNames = ['lat', 'latitude', 'breedtegraad', 'breedte', 'y'];
const longitudeNames = ['lon', 'lng', 'long', 'longitude', 'lengtegraad', 'lengte', 'x'];
const latitudeHint = 'lat, latitude, y, breedtegraad or breedte';
const longitudeHint = 'lon, lng, long, longitude, x, lengtegraad or lengte';

/** The longest row read, in characters: an unclosed quote must not swallow the whole file. */
const maxRowLength = 1_000_000;

/** The first line that is not blank, without its line break. */
export function headerLine(head: Buffer): string {
  const text = head.toString('utf8');
  const start = text.search(/\S/);
  if (start === -1) return '';
  const lineStart = text.lastIndexOf('\n', start) + 1;
  const end = text.indexOf('\n', start);
  return text.slice(lineStart, end === -1 ? undefined : end).replace(/\r$/, '');
}

/** The delimiter the header line uses most (outside quotes): semicolon, tab or comma. */
export function detectDelimiter(line: string): Delimiter | undefined {
  const counts = { ';': 0, '\t': 0, ',': 0 };
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ';' || char === '\t' || char === ',')) counts[char]++;
  }
  let best: Delimiter | undefined;
  for (const delimiter of [';', '\t', ','] as const) {
    if (counts[delimiter] > (best ? counts[best] : 0)) best = delimiter;
  }
  return best;
}

/** True when the head could be the start of a CSV file: text, with a delimiter in its first line. */
export function looksLikeCsv(head: Buffer): boolean {
  // Control characters other than tab, line feed and carriage return mean a binary file.
  if (head.some((byte) => byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    return false;
  }
  return detectDelimiter(headerLine(head)) !== undefined;
}

const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const plainNumber = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

function coordinate(
  raw: string | undefined,
  name: 'latitude' | 'longitude',
  limit: number,
  line: number,
  decimalComma: boolean,
): number {
  const text = (raw ?? '').trim();
  if (text === '') throw new UploadError(`Line ${line}: the ${name} is empty.`);
  const normal = decimalComma && /^[^.,]*,[^.,]*$/.test(text) ? text.replace(',', '.') : text;
  if (!numberPattern.test(normal)) throw new UploadError(`Line ${line}: ${name} '${text}' is not a number.`);
  const value = Number(normal);
  if (!(value >= -limit && value <= limit)) {
    throw new UploadError(`Line ${line}: ${name} ${text} is not between -${limit} and ${limit}.`);
  }
  return value;
}

/** A cell as a property: a plain number (at most 15 digits, no leading zero) becomes a number. */
function propertyValue(raw: string): string | number {
  const text = raw.trim();
  return plainNumber.test(text) && text.replace(/[-.]/g, '').length <= 15 ? Number(text) : raw;
}

type Columns = {
  latitude: number;
  longitude: number;
  properties: [index: number, name: string][];
  count: number;
  names: string[];
  /** The property names' length, counted into every feature's size. */
  nameBytes: number;
};

/** A column as a message names it: its header name, quoted, or its number. */
function columnName(columns: Columns, index: number): string {
  const name = columns.names[index];
  return name === undefined ? `${index + 1}` : `'${name.length > 40 ? `${name.slice(0, 40)}…` : name}'`;
}

function findColumn(lowerNames: string[], candidates: string[]): number {
  for (const candidate of candidates) {
    const index = lowerNames.indexOf(candidate);
    if (index !== -1) return index;
  }
  return -1;
}

function readHeader(header: string[], line: number): Columns {
  const names = header.map((name, i) => name.trim() || `column ${i + 1}`);
  const lower = names.map((name) => name.toLowerCase());
  const latitude = findColumn(lower, latitudeNames);
  const longitude = findColumn(lower, longitudeNames);
  if (latitude === -1 && longitude === -1) {
    throw new UploadError(
      `No latitude and longitude columns found: name them ${latitudeHint}, and ${longitudeHint}.`,
    );
  }
  if (latitude === -1) throw new UploadError(`No latitude column found: name one ${latitudeHint}.`);
  if (longitude === -1) throw new UploadError(`No longitude column found: name one ${longitudeHint}.`);
  const properties: [number, string][] = [];
  const seen = new Set<string>();
  names.forEach((name, i) => {
    if (i === latitude || i === longitude) return;
    if (seen.has(name)) throw new UploadError(`Line ${line}: the column name '${name}' appears twice.`);
    seen.add(name);
    properties.push([i, name]);
  });
  const nameBytes = properties.reduce((bytes, [, name]) => bytes + name.length + 4, 0);
  return { latitude, longitude, properties, count: names.length, names, nameBytes };
}

/** csv-parse's error as an UploadError; `lastLine` is the line of the last row read. */
function uploadErrorOf(error: unknown, lastLine: number): unknown {
  if (!(error instanceof CsvError)) return error;
  const line = typeof error.lines === 'number' ? error.lines : undefined;
  const at = line === undefined ? '' : `Line ${line}: `;
  // These two concern a row that began somewhere after the last one read.
  const after = lastLine === 0 ? 'In the header: ' : `After line ${lastLine}: `;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return new UploadError(`${after}a quote (") is opened but never closed.`);
    case 'CSV_MAX_RECORD_SIZE':
      return new UploadError(
        `${after}a row is longer than ${maxRowLength.toLocaleString('en-US')} characters; is a quote (") not closed?`,
      );
    case 'CSV_INVALID_CLOSING_QUOTE':
      return new UploadError(`${at}a quoted field is followed by other text before the next delimiter.`);
    default:
      return new UploadError(`${at}${error.message}`);
  }
}

type Row = { record: string[]; info: { lines: number } };

/**
 * Streams a CSV file into the sink: the header names the columns, every further row becomes a Point
 * feature, every column besides latitude and longitude a property. Line numbers count from 1 (the
 * header), empty lines included.
 */
export async function readCsv(source: PeekedSource, sink: FeatureSink): Promise<void> {
  const delimiter = detectDelimiter(headerLine(source.head)) ?? ',';
  const decimalComma = delimiter !== ',';
  let columns: Columns | undefined;
  let lastLine = 0;

  const handle = ({ record, info }: Row): Promise<void> | undefined => {
    const line = info.lines;
    lastLine = line;
    // PostgreSQL's text and jsonb cannot hold U+0000: a clear 400 rather than the database's 500.
    const withNull = record.findIndex((cell) => cell.includes('\u0000'));
    if (!columns) {
      if (withNull !== -1)
        throw new UploadError(`Line ${line}: null characters are not allowed (in the header).`);
      columns = readHeader(record, line);
      return undefined;
    }
    if (withNull !== -1) {
      const name = columnName(columns, withNull);
      throw new UploadError(`Line ${line}: null characters are not allowed (in column ${name}).`);
    }
    if (record.length !== columns.count) {
      throw new UploadError(
        `Line ${line}: found ${record.length} columns where the header has ${columns.count}.`,
      );
    }
    sink.checkRoom();
    const latitude = coordinate(record[columns.latitude], 'latitude', 90, line, decimalComma);
    const longitude = coordinate(record[columns.longitude], 'longitude', 180, line, decimalComma);
    const properties: Record<string, unknown> = {};
    for (const [index, name] of columns.properties) {
      const value = propertyValue(record[index] as string);
      if (name === '__proto__') {
        Object.defineProperty(properties, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else {
        properties[name] = value;
      }
    }
    sink.extent.add(longitude, latitude);
    const feature: GeoJsonFeature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
      properties,
    };
    // About its size as JSON: the cells, their names, and the point around them.
    return sink.add(feature, record.reduce((bytes, cell) => bytes + cell.length + 8, 64) + columns.nameBytes);
  };

  try {
    await pipeline(
      source.readable(),
      parse({
        delimiter,
        bom: true,
        info: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
        max_record_size: maxRowLength,
      }),
      itemWriter<Row>(handle),
    );
  } catch (error) {
    throw uploadErrorOf(error, lastLine);
  }
  if (!columns) throw new UploadError('The file is empty.');
}
