/** The SSRF-safe fetcher for every user-given URL; import from here, not from the files. */
export { type AddressVerdict, checkAddress } from './address-policy.js';
export { parseAllowHosts } from './allow-hosts.js';
export { decoderFor } from './body.js';
export { UrlFetchError, type UrlFetchErrorKind } from './errors.js';
export { defaultResolver } from './target.js';
export type {
  FetchOptions,
  FetchResult,
  ResolvedAddress,
  Resolver,
  ResponseHeaders,
  StreamResult,
  UrlFetcher,
} from './types.js';
export { createUrlFetcher } from './url-fetch.js';
