/**
 * The reads a signed-in page asks for first (the accounts and the user the guards need, an account
 * page's workspaces), started by the boot script (prerender/boot-script.js) as the page arrives,
 * rather than once the app's code has loaded and run: on a phone that code takes seconds, and each
 * read was another round trip after it. `callApi` takes such an answer once, in place of asking
 * again, when it asks for the same address with the same token; the answer then goes through its
 * usual handling (a 401 ends the session, the response schema).
 */
type EarlyReads = { token: string; responses: Record<string, Promise<Response> | undefined> };

const earlyReads = (): EarlyReads | undefined =>
  typeof window === 'undefined' ? undefined : (window as { earlyReads?: EarlyReads }).earlyReads;

/** The early answer to a GET of `url` with `token`, once; undefined when there is none to take. */
export function takeEarlyRead(url: string, token: string | null): Promise<Response> | undefined {
  const reads = earlyReads();
  if (!token || reads?.token !== token) return undefined;
  const response = reads.responses[url];
  delete reads.responses[url];
  return response;
}

/** Drops the answers nobody took: once the first screen is drawn, a read must see the data of its time. */
export function forgetEarlyReads(): void {
  if (earlyReads()) delete (window as { earlyReads?: EarlyReads }).earlyReads;
}
