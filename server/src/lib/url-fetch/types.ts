import type { Readable } from 'node:stream';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Answers every address of a host name; called once per request hop. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type FetchOptions = {
  method?: 'GET' | 'POST';
  /** Override the defaults (User-Agent, Accept-Encoding). Cookie and Host are never sent as given. */
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole exchange: every redirect hop and the body. Default 10 seconds. */
  timeoutMs?: number;
  /** Default 20 MB. For `fetch` it counts decoded bytes; for `stream` the bytes as they arrive. */
  maxBytes?: number;
  /** Gets the media type without parameters, lower-case ("application/json"), or "" when absent. */
  accept?: (contentType: string) => boolean;
  /** Default 5. */
  maxRedirects?: number;
  signal?: AbortSignal;
};

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export type FetchResult = { status: number; url: string; headers: ResponseHeaders; body: Buffer };

export type StreamResult = { status: number; url: string; headers: ResponseHeaders; body: Readable };

export type UrlFetcher = {
  /** Reads the whole answer; a status of 400 or more is an error ('http-error'). */
  fetch(url: string, options?: FetchOptions): Promise<FetchResult>;
  /**
   * Answers once the headers arrived; the body streams as sent (still encoded),
   * and errors with a UrlFetchError when it grows too large or the time runs out.
   * Error statuses are answered, not thrown, so a proxy can pass them on.
   */
  stream(url: string, options?: FetchOptions): Promise<StreamResult>;
};
