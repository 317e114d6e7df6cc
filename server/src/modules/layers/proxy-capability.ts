import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/crypto.js';

/**
 * Who may fetch one layer's data through the proxy: a user (by id) or a share link's
 * reader (by its token), until `expires` (seconds since 1970). Signed with a key derived
 * from the server secret, so the browser can put it in tile addresses (which carry no
 * headers) without it being a login token or an upstream credential. The proxy still
 * checks the subject's rights on every request: a revoked link or a removed member is
 * cut off at once, whatever the capability says.
 */
export type Capability = { layer: number; subject: { user: number } | { share: string }; expires: number };

const lifetimeSeconds = 12 * 60 * 60;

export function createCapabilities(secret: string, now: () => number = Date.now) {
  const key = createHmac('sha256', 'geows:layer-proxy').update(secret).digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest('base64url');
  return {
    issue(layer: number, subject: Capability['subject']): string {
      const capability: Capability = { layer, subject, expires: Math.floor(now() / 1000) + lifetimeSeconds };
      const payload = Buffer.from(JSON.stringify(capability)).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },
    /** The capability if it is signed by this server, for this layer and not expired; else null. */
    verify(text: string, layer: number): Capability | null {
      const [payload, signature, extra] = text.split('.');
      if (!payload || !signature || extra !== undefined || !safeEqual(signature, sign(payload))) return null;
      try {
        const capability = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Capability;
        if (capability.layer !== layer || capability.expires * 1000 < now()) return null;
        return capability;
      } catch {
        return null;
      }
    },
  };
}
export type Capabilities = ReturnType<typeof createCapabilities>;
