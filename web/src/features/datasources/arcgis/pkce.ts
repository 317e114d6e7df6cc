/** base64url without padding, as OAuth's PKCE and state values are written. */
const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

export const randomUrlSafe = (length = 32) => base64url(crypto.getRandomValues(new Uint8Array(length)));

/** A PKCE pair (RFC 7636, S256): the verifier stays in this tab, the challenge goes to the portal. */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = randomUrlSafe(32);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}
