import * as OTPAuth from 'otpauth';

const PERIOD = 30;

/** RFC 6238 TOTP, SHA-1, 6 digits, 30 s: what every authenticator app understands. */
export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, issuer: string, account: string): string {
  return new OTPAuth.TOTP({
    issuer,
    label: account,
    secret: OTPAuth.Secret.fromBase32(secret),
    period: PERIOD,
  }).toString();
}

/** The time step a code belongs to, within ±1 step of now, or null if it matches none. */
export function matchTotp(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: PERIOD });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export function totpNow(secret: string, now = Date.now()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: PERIOD }).generate({
    timestamp: now,
  });
}
