import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Parser from 'stream-json/Parser.js';
import { type FeatureSink, itemWriter } from './feature-sink.js';
import { geometryToFeature, geometryTypes, show, toFeature } from './geojson-validate.js';
import { UploadError } from './types.js';

/** A token of stream-json's parser with packed values only (`streamValues: false`). */
type Token = { name: string; value?: string };

/** The parts of stream-json's Parser (1.9) that locating an error needs: its state between chunks. */
type ParserInternals = {
  _buffer: string;
  _expect: string;
  _stack: string[];
  _parent: string;
  _open_number: boolean;
  _accumulator: string;
  _done: boolean;
  _processBuffer(callback: (error?: Error | null) => void): void;
};
type ParserState = Omit<ParserInternals, '_processBuffer'>;

const BaseParser = Parser as unknown as new (options: Parser.ParserOptions) => Transform & ParserInternals;

/**
 * stream-json's parser, with errors that say where: it keeps the line and column of the first
 * unconsumed character, and on a syntax error replays the failing chunk one character at a time
 * (from a copy of the state before it, emitting nothing) to find the character it stumbled on.
 */
class LocatingParser extends BaseParser {
  private line = 1;
  private column = 1;

  /** `maxValueChars`: a string or number this long is refused while it is still being read. */
  constructor(private readonly maxValueChars: number) {
    super({ packValues: true, streamValues: false });
  }

  override _processBuffer(callback: (error?: Error | null) => void): void {
    const text = this._buffer;
    const before = this.state();
    super._processBuffer((error) => {
      if (!error) {
        this.advance(text, text.length - this._buffer.length);
        // A value is packed whole before it is handed on: one 45 MB string would be held
        // whole (and twice while it grows) before any feature-size check could see it.
        if (this._accumulator.length > this.maxValueChars) {
          callback(
            new UploadError(
              `The file holds a single value longer than ${megabytes(this.maxValueChars)} (line ${this.line}, column ${this.column}), more than a whole feature may hold.`,
            ),
          );
          return;
        }
        callback(null);
        return;
      }
      callback(this.locate(error, text, before));
    });
  }

  private state(): ParserState {
    return {
      _buffer: this._buffer,
      _expect: this._expect,
      _stack: [...this._stack],
      _parent: this._parent,
      _open_number: this._open_number,
      _accumulator: this._accumulator,
      _done: this._done,
    };
  }

  private advance(text: string, count: number): void {
    let newlines = 0;
    let last = -1;
    for (let i = text.indexOf('\n'); i !== -1 && i < count; i = text.indexOf('\n', i + 1)) {
      newlines++;
      last = i;
    }
    if (newlines > 0) {
      this.line += newlines;
      this.column = count - last;
    } else {
      this.column += count;
    }
  }

  /** Feeds `chars` one at a time; on an error, it and the offset where the unconsumed input starts. */
  private replay(chars: string, fedBefore: number): { offset: number; error: Error } | undefined {
    for (let i = 0; i < chars.length; i++) {
      this._buffer += chars[i];
      let failure: Error | null | undefined;
      super._processBuffer((error) => {
        failure = error;
      });
      if (failure) return { offset: fedBefore + i + 1 - this._buffer.length, error: failure };
    }
    return undefined;
  }

  private locate(error: Error, text: string, before: ParserState): UploadError {
    if (error.message.startsWith('Parser has expected')) {
      return new UploadError('The file is not valid JSON: it ends before the JSON is complete.');
    }
    // Replay without emitting tokens: the offending token starts where the unconsumed buffer does.
    const self = this as unknown as { push: (chunk: unknown) => boolean };
    self.push = () => true;
    Object.assign(this, before, { _stack: [...before._stack], _buffer: '', _done: false });
    let failure = this.replay(text, 0);
    if (!failure && before._done) {
      // At the end of the file: blanks settle a token still waiting for more input.
      failure = this.replay(' '.repeat(300), text.length);
      if (!failure || failure.offset >= text.length) {
        return new UploadError('The file is not valid JSON: it ends before the JSON is complete.');
      }
    }
    let offset = failure ? failure.offset : text.length - this._buffer.length;
    const rest = text.slice(offset).trim();
    if (before._done && rest !== '' && ['true', 'false', 'null'].some((word) => word.startsWith(rest))) {
      return new UploadError('The file is not valid JSON: it ends before the JSON is complete.');
    }
    const reason = (failure?.error ?? error).message.replace(/^Parser cannot parse input: /, '');
    while (offset < text.length - 1 && /\s/.test(text[offset] as string)) offset++;
    this.advance(text, offset);
    const found = text[offset];
    const what = reason === 'unexpected characters' ? 'more text after the end of the JSON value' : reason;
    const shown =
      found === undefined || reason.startsWith('unexpected token') ? '' : `, found ${JSON.stringify(found)}`;
    return new UploadError(
      `The file is not valid JSON: ${what}${shown} (line ${this.line}, column ${this.column}).`,
    );
  }
}

/** What one feature (or the top-level object's members together) may be. */
export type ValueLimits = {
  /** Objects and arrays inside one another, the feature itself counting as 1. */
  maxDepth: number;
  /** About this many bytes of JSON (whitespace not counted). */
  maxBytes: number;
};

/** A value over a limit, or holding text PostgreSQL cannot store; `where` is its path inside the value. */
class ValueRefused extends Error {
  constructor(
    readonly reason: 'depth' | 'size' | 'null' | 'surrogate',
    readonly where: string[],
  ) {
    super(reason);
  }
}

/** A UTF-16 surrogate without its other half: JSON may escape one, jsonb refuses it. */
const loneSurrogate = /\p{Cs}/u;

/**
 * Builds one JSON value from tokens. Keys such as "__proto__" become plain own properties.
 * Iterative, and limited in depth and size, so a hostile file can neither exhaust the stack
 * (here or in JSON.stringify on the way to the database) nor memory.
 */
class ValueBuilder {
  private containers: (unknown[] | Record<string, unknown>)[] = [];
  private keys: string[] = [];
  value: unknown;
  /** About how many bytes of JSON went into the value(s) built since the last `reset`. */
  bytes = 0;

  constructor(private readonly limits: ValueLimits) {}

  /** Feeds a token; true when the value is complete (read it from `value`). */
  push(token: Token): boolean {
    switch (token.name) {
      case 'startObject':
      case 'startArray':
        if (this.containers.length >= this.limits.maxDepth) throw new ValueRefused('depth', this.where());
        this.grow(2);
        this.containers.push(token.name === 'startObject' ? {} : []);
        this.keys.push('');
        return false;
      case 'keyValue': {
        const key = token.value as string;
        this.grow(key.length + 4);
        this.keys[this.keys.length - 1] = key;
        this.checkText(key);
        return false;
      }
      case 'endObject':
      case 'endArray':
        this.keys.pop();
        return this.save(this.containers.pop());
      case 'stringValue': {
        const text = token.value as string;
        this.grow(text.length + 3);
        this.checkText(text);
        return this.save(text);
      }
      case 'numberValue':
        this.grow((token.value as string).length + 1);
        return this.save(Number(token.value));
      case 'nullValue':
        this.grow(5);
        return this.save(null);
      case 'trueValue':
        this.grow(5);
        return this.save(true);
      case 'falseValue':
        this.grow(6);
        return this.save(false);
      default:
        return false;
    }
  }

  /** Forgets the size counted so far (the next feature starts from nothing). */
  reset(): void {
    this.bytes = 0;
  }

  private grow(bytes: number): void {
    this.bytes += bytes;
    if (this.bytes > this.limits.maxBytes) throw new ValueRefused('size', []);
  }

  /** PostgreSQL's text and jsonb hold neither U+0000 nor half a surrogate pair. */
  private checkText(text: string): void {
    if (text.includes('\u0000')) throw new ValueRefused('null', this.where());
    if (loneSurrogate.test(text)) throw new ValueRefused('surrogate', this.where());
  }

  /** The path to the place being filled: object keys and array indexes. */
  private where(): string[] {
    return this.containers.map((container, i) =>
      Array.isArray(container) ? String(container.length) : (this.keys[i] as string),
    );
  }

  private save(value: unknown): boolean {
    const parent = this.containers[this.containers.length - 1];
    if (parent === undefined) {
      this.value = value;
      return true;
    }
    if (Array.isArray(parent)) parent.push(value);
    else setMember(parent, this.keys[this.keys.length - 1] as string, value);
    return false;
  }
}

/** "4 MB", "512 KB", "1000 bytes": limits are round, and read best that way. */
function megabytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** A path for a message: at most 100 characters of it, a null character written as \u0000. */
function showPath(where: string[]): string {
  const path = where.join('.').replaceAll('\u0000', '\\u0000');
  return `"${path.length > 100 ? `${path.slice(0, 99)}…` : path}"`;
}

/** Why a value was refused, as the end of a sentence about the feature. */
function refusal(error: ValueRefused, limits: ValueLimits): string {
  switch (error.reason) {
    case 'depth':
      return `${error.where[0] ? `"${error.where[0]}" is` : 'it is'} nested more than ${limits.maxDepth} levels deep.`;
    case 'size':
      return `it is larger than ${megabytes(limits.maxBytes)}, the most one feature may hold; simplify or split it.`;
    case 'null':
      return `null characters are not allowed (in ${showPath(error.where)}).`;
    default:
      return `${showPath(error.where)} holds text that is not valid Unicode (half of a surrogate pair).`;
  }
}

function setMember(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

const tokenKinds: Record<string, string> = {
  startArray: 'an array',
  stringValue: 'a string',
  numberValue: 'a number',
  nullValue: 'null',
  trueValue: 'true',
  falseValue: 'false',
};

/**
 * Turns the token stream of a GeoJSON file into features. The top-level object's members are
 * built whole, except the items of "features", which are built, checked and handed on one at a
 * time — only one feature is in memory.
 */
class GeoJsonReader {
  private state: 'start' | 'key' | 'value' | 'member' | 'features' | 'feature' | 'end' = 'start';
  private key = '';
  /** The top-level object's members, counted together (for a single Feature, they are it). */
  private readonly members: ValueBuilder;
  /** One item of "features" at a time. */
  private readonly feature: ValueBuilder;
  private readonly top: Record<string, unknown> = {};
  private streamed = false;
  private featureNumber = 0;

  constructor(
    private readonly sink: FeatureSink,
    private readonly limits: ValueLimits,
  ) {
    this.members = new ValueBuilder(limits);
    this.feature = new ValueBuilder(limits);
  }

  /** Returns a promise when a batch went out: read on once it settles. */
  token(token: Token): Promise<void> | undefined {
    try {
      return this.read(token);
    } catch (error) {
      if (!(error instanceof ValueRefused)) throw error;
      if (this.state === 'feature') {
        throw new UploadError(`Feature ${this.featureNumber + 1}: ${refusal(error, this.limits)}`);
      }
      if (this.top.type === 'FeatureCollection') {
        throw new UploadError(`The FeatureCollection's "${this.key}": ${refusal(error, this.limits)}`);
      }
      // No FeatureCollection (so far): the top-level object is the file's one feature.
      const inMember = new ValueRefused(
        error.reason,
        error.reason === 'size' ? [] : [this.key, ...error.where],
      );
      throw new UploadError(`Feature 1: ${refusal(inMember, this.limits)}`);
    }
  }

  private read(token: Token): Promise<void> | undefined {
    switch (this.state) {
      case 'start':
        if (token.name !== 'startObject') {
          throw new UploadError(
            `The file is JSON but not GeoJSON: it holds ${tokenKinds[token.name] ?? 'something else'}, not a FeatureCollection, a Feature or a geometry.`,
          );
        }
        this.state = 'key';
        return undefined;
      case 'key':
        if (token.name === 'keyValue') {
          this.key = token.value as string;
          this.state = 'value';
        } else {
          this.state = 'end';
        }
        return undefined;
      case 'value': {
        const type = this.top.type;
        if (
          this.key === 'features' &&
          token.name === 'startArray' &&
          (type === undefined || type === 'FeatureCollection')
        ) {
          this.streamed = true;
          this.state = 'features';
          return undefined;
        }
        this.state = 'member';
        return this.read(token);
      }
      case 'member':
        if (this.members.push(token)) {
          setMember(this.top, this.key, this.members.value);
          this.members.value = undefined;
          this.state = 'key';
        }
        return undefined;
      case 'features':
        if (token.name === 'endArray') {
          this.state = 'key';
          return undefined;
        }
        this.sink.checkRoom();
        this.feature.reset();
        this.state = 'feature';
        return this.read(token);
      case 'feature': {
        if (!this.feature.push(token)) return undefined;
        const value = this.feature.value;
        this.feature.value = undefined;
        this.state = 'features';
        this.featureNumber++;
        return this.sink.add(toFeature(value, this.featureNumber, this.sink.extent), this.feature.bytes);
      }
      default:
        return undefined;
    }
  }

  /** After the last token: checks the top-level type; a single Feature or geometry goes out now. */
  finish(): Promise<void> | undefined {
    const type = this.top.type;
    if (this.streamed) {
      if (type === 'FeatureCollection') return undefined;
      throw new UploadError(
        `The file has a "features" list but its type is ${show(type)}, not 'FeatureCollection'.`,
      );
    }
    if (type === 'FeatureCollection') {
      throw new UploadError(
        this.top.features === undefined
          ? 'The FeatureCollection has no "features" list.'
          : `The FeatureCollection's "features" is not a list but ${show(this.top.features)}.`,
      );
    }
    if (type === 'Feature')
      return this.sink.add(toFeature(this.top, 1, this.sink.extent), this.members.bytes);
    if (typeof type === 'string' && geometryTypes.has(type)) {
      return this.sink.add(geometryToFeature(this.top, 1, this.sink.extent), this.members.bytes);
    }
    throw new UploadError(
      type === undefined
        ? 'The file is JSON but not GeoJSON: it has no "type".'
        : `The file is JSON but not GeoJSON: the type ${show(type)} is not FeatureCollection, Feature or a geometry type.`,
    );
  }
}

/** Streams a GeoJSON file (BOM already removed) into the sink. */
export async function readGeoJson(source: Readable, sink: FeatureSink, limits: ValueLimits): Promise<void> {
  const reader = new GeoJsonReader(sink, limits);
  await pipeline(
    source,
    new LocatingParser(limits.maxBytes),
    itemWriter<Token>(
      (token) => reader.token(token),
      () => reader.finish(),
    ),
  );
}
