import { createSecretBox } from '../../lib/crypto.js';

/**
 * Who may fetch one layer's data through the proxy, until `expires` (seconds since
 * 1970): the login session it was issued under (the API token's id, and its user), or
 * the share link whose reader asked. Map engines fetch tiles without headers, so the
 * capability goes in their addresses; it is sealed with AES-256-GCM under a key derived
 * from the server secret, so what it names (a share token, a session) cannot be read
 * from an address, and it cannot be forged. It dies with what obtained it — a logout, a
 * password change, a revoked or expired link — because the proxy checks the session or
 * the link, and the subject's rights on the layer, on every request.
 */
export type Capability = {
  layer: number;
  subject: { user: number; session: number } | { share: string };
  expires: number;
};

const lifetimeSeconds = 12 * 60 * 60;

/** The sealed form, short enough for a path segment: keys of one letter. */
type Sealed = { l: number; u?: number; t?: number; s?: string; e: number };

export function createCapabilities(secret: string, now: () => number = Date.now) {
  // A key of its own: a capability can never be opened as (or mistaken for) a stored secret.
  const box = createSecretBox(`geows:layer-proxy:${secret}`);
  return {
    issue(layer: number, subject: Capability['subject']): string {
      const expires = Math.floor(now() / 1000) + lifetimeSeconds;
      const sealed: Sealed =
        'share' in subject
          ? { l: layer, s: subject.share, e: expires }
          : { l: layer, u: subject.user, t: subject.session, e: expires };
      return box.seal(JSON.stringify(sealed));
    },
    /** The capability if this server sealed it, for this layer and not expired; else null. */
    verify(text: string, layer: number): Capability | null {
      let sealed: Sealed;
      if (text.split('.').length !== 4) return null;
      try {
        sealed = JSON.parse(box.open(text)) as Sealed;
      } catch {
        return null;
      }
      if (sealed.l !== layer || sealed.e * 1000 < now()) return null;
      const subject =
        typeof sealed.s === 'string'
          ? { share: sealed.s }
          : typeof sealed.u === 'number' && typeof sealed.t === 'number'
            ? { user: sealed.u, session: sealed.t }
            : null;
      return subject && { layer: sealed.l, subject, expires: sealed.e };
    },
  };
}
export type Capabilities = ReturnType<typeof createCapabilities>;
