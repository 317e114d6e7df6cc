import type { ActiveMfaMethod, MfaMethodName } from '@geows/contract';
import { hash, verify } from '@node-rs/argon2';
import type { AppContext } from '../../context.js';
import { randomDigits, randomToken, sha256 } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { composeMail } from '../../lib/mail.js';
import type { ClientInfo } from '../audit/client-info.js';
import { recordAudit } from '../audit/record.js';
import type { FailureGuard } from '../auth/failure-guard.js';
import type { SitesService } from '../sites/sites.service.js';
import { presentActiveMethod } from './mfa.presenter.js';
import * as repo from './mfa.repository.js';
import { matchTotp, newTotpSecret, totpUri } from './totp.js';

export const CHALLENGE_TTL_MS = 5 * 60_000;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
const BACKUP_CODE_COUNT = 10;

const mfaError = (error: string, status = 400) => new HttpError(status, error, { error });

/** Backup codes: 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx. */
function newBackupCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const raw = Array.from(randomToken(), (c) => alphabet[c.charCodeAt(0) % alphabet.length])
    .join('')
    .slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}
const normaliseBackupCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** `client`: where the request came from, for the audit trail. */
type User = { id: number; username: string; email: string; client?: ClientInfo | undefined };

export function createMfaService(ctx: AppContext, deps: { failures: FailureGuard; sites: SitesService }) {
  const { db, secrets, mailer } = ctx;
  /** Six digits are guessable offline from a plain hash; a keyed hash is not. */
  const codeHash = (scope: string, code: string) => sha256(`${ctx.secretKey}:${scope}:${code.trim()}`);

  /** Mails a fresh six-digit code; answers its keyed hash for the caller to store. */
  async function mailCode(user: User, requestOrigin: string | undefined, scope: string, purpose: string) {
    const code = randomDigits(6);
    const { title } = await deps.sites.mailSite(requestOrigin);
    await mailer.send(
      composeMail({
        to: user.email,
        siteTitle: title,
        subject: 'Your verification code',
        paragraphs: [`Hello ${user.username},`, `Your verification code${purpose ? ` ${purpose}` : ''} is:`],
        code,
      }),
    );
    return codeHash(scope, code);
  }

  /** A new code for a method (turning it on, or any later check), valid for EMAIL_CODE_TTL_MS. */
  async function issueMethodCode(
    user: User,
    methodId: number,
    requestOrigin: string | undefined,
    purpose: string,
  ) {
    const hash = await mailCode(user, requestOrigin, `method:${methodId}`, purpose);
    await repo.setEmailCode(db, methodId, hash, new Date(Date.now() + EMAIL_CODE_TTL_MS));
  }

  /** A secret sealed under another key (lost or rotated) must not block the other factors. */
  function openSecret(sealed: string): string | null {
    try {
      return secrets.open(sealed);
    } catch {
      return null;
    }
  }

  /** Checks a code against the user's active factors (and a pending login's e-mailed code). */
  async function codeMatches(user: User, code: string, challenge?: repo.MfaChallengeRow): Promise<boolean> {
    const methods = await repo.listMethods(db, user.id);
    const app = methods.find((m) => m.name === 'app' && m.isActive);
    const appSecret = app?.secretEncrypted ? openSecret(app.secretEncrypted) : null;
    if (app && appSecret) {
      const step = matchTotp(appSecret, code.trim());
      if (step !== null) return repo.claimTotpStep(db, app.id, step);
    }
    if (challenge?.emailCodeHash && challenge.emailCodeHash === codeHash(`challenge:${challenge.id}`, code)) {
      return true;
    }
    const email = methods.find((m) => m.name === 'email' && m.isActive);
    if (
      email?.emailCodeHash &&
      email.emailCodeExpiresAt &&
      email.emailCodeExpiresAt.getTime() > Date.now() &&
      email.emailCodeHash === codeHash(`method:${email.id}`, code)
    ) {
      await repo.setEmailCode(db, email.id, null, null);
      return true;
    }
    const normalised = normaliseBackupCode(code);
    if (normalised.length === 10) {
      for (const backup of await repo.listBackupCodes(db, user.id)) {
        if (
          (await verify(backup.codeHash, normalised).catch(() => false)) &&
          (await repo.consumeBackupCode(db, backup.id))
        ) {
          return true;
        }
      }
    }
    return false;
  }

  /** A code check that counts failures towards the user's lock-out, like a wrong password. */
  async function checkCode(user: User, code: string, challenge?: repo.MfaChallengeRow) {
    await deps.failures.attempt(user.username, 'error');
    if (!(await codeMatches(user, code, challenge))) throw mfaError('Invalid or expired code.');
    await deps.failures.clear(user.username);
  }

  /** Tells the user whenever a factor changes: a change they did not make is a takeover in progress. */
  async function notifyChange(user: User, requestOrigin: string | undefined, change: string) {
    const { title } = await deps.sites.mailSite(requestOrigin);
    await mailer
      .send(
        composeMail({
          to: user.email,
          siteTitle: title,
          subject: 'Your verification settings changed',
          paragraphs: [
            `Hello ${user.username},`,
            change,
            'If this was not you, reset your password now and contact your administrator.',
          ],
        }),
      )
      .catch(() => {});
  }

  async function activeMethods(userId: number): Promise<ActiveMfaMethod[]> {
    return (await repo.listMethods(db, userId)).filter((m) => m.isActive).map(presentActiveMethod);
  }

  return {
    activeMethods,

    /** With a factor already on, adding another needs a current code: a stolen token alone cannot. */
    async activate(user: User, name: MfaMethodName, requestOrigin: string | undefined, currentCode?: string) {
      const existing = await repo.findMethod(db, user.id, name);
      if (existing?.isActive) throw mfaError('This method is already active.');
      if ((await activeMethods(user.id)).length > 0) {
        if (!currentCode) throw mfaError('Enter a current verification code to add another method.');
        await checkCode(user, currentCode);
      }
      if (name === 'app') {
        const secret = newTotpSecret();
        await repo.upsertPendingMethod(db, { userId: user.id, name, secretEncrypted: secrets.seal(secret) });
        const { title } = await deps.sites.mailSite(requestOrigin);
        return { details: totpUri(secret, title, user.username), secret };
      }
      await repo.upsertPendingMethod(db, { userId: user.id, name });
      const method = await repo.findMethod(db, user.id, name);
      if (!method) throw new Error('pending method vanished');
      await issueMethodCode(user, method.id, requestOrigin, 'to turn on verification by e-mail');
      return { details: `We sent a code to ${user.email}.` };
    },

    async confirm(user: User, name: MfaMethodName, code: string, requestOrigin: string | undefined) {
      await deps.failures.attempt(user.username, 'error');
      const method = await repo.findMethod(db, user.id, name);
      if (!method) throw mfaError('Activate this method first.');
      if (method.isActive) throw mfaError('This method is already active.');
      let ok = false;
      const pendingSecret = method.secretEncrypted ? openSecret(method.secretEncrypted) : null;
      if (name === 'app' && pendingSecret) {
        const step = matchTotp(pendingSecret, code.trim());
        ok = step !== null && (await repo.claimTotpStep(db, method.id, step));
      } else if (name === 'email') {
        ok =
          !!method.emailCodeHash &&
          !!method.emailCodeExpiresAt &&
          method.emailCodeExpiresAt.getTime() > Date.now() &&
          method.emailCodeHash === codeHash(`method:${method.id}`, code);
      }
      if (!ok) throw mfaError('Invalid or expired code.');
      await deps.failures.clear(user.username);
      const others = (await activeMethods(user.id)).length;
      await db.transaction(async (tx) => {
        await repo.activateMethod(tx, method.id, others === 0);
        await recordAudit(tx, { kind: 'mfa_added', actor: user, details: { method: name } });
      });
      const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
      await repo.replaceBackupCodes(
        db,
        user.id,
        await Promise.all(codes.map((c) => hash(normaliseBackupCode(c)))),
      );
      await notifyChange(
        user,
        requestOrigin,
        `Verification ${name === 'app' ? 'with an authenticator app' : 'by e-mail'} was turned on, and new backup codes were made.`,
      );
      return { backup_codes: codes };
    },

    async deactivate(user: User, name: MfaMethodName, code: string, requestOrigin: string | undefined) {
      const method = await repo.findMethod(db, user.id, name);
      if (!method?.isActive) throw mfaError('This method is not active.');
      await checkCode(user, code);
      await db.transaction(async (tx) => {
        await repo.deleteMethod(tx, method.id);
        await recordAudit(tx, { kind: 'mfa_removed', actor: user, details: { method: name } });
      });
      const remaining = (await repo.listMethods(db, user.id)).filter((m) => m.isActive);
      if (remaining.length === 0) await repo.deleteBackupCodes(db, user.id);
      else if (method.isPrimary && remaining[0]) await repo.setPrimary(db, remaining[0].id);
      await notifyChange(
        user,
        requestOrigin,
        `Verification ${name === 'app' ? 'with an authenticator app' : 'by e-mail'} was turned off.`,
      );
    },

    /** Mails a fresh code for the e-mail method (for deactivation or any later check). */
    async requestCode(user: User, requestOrigin: string | undefined) {
      const method = await repo.findMethod(db, user.id, 'email');
      if (!method?.isActive) throw mfaError('Verification by e-mail is not active.');
      await issueMethodCode(user, method.id, requestOrigin, '');
    },

    /** After a correct password: a pending login that waits for the second factor, or null without one. */
    async startChallenge(user: User, requestOrigin: string | undefined) {
      const methods = await activeMethods(user.id);
      if (methods.length === 0) return null;
      const method = (methods.find((m) => m.is_primary) ?? methods[0])?.name ?? 'app';
      const ephemeral = randomToken();
      const tokenHash = sha256(ephemeral);
      const challengeId = await repo.insertChallenge(db, {
        userId: user.id,
        tokenHash,
        method,
        emailCodeHash: null,
        expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
      // The code is bound to this login attempt and lives as long as the challenge.
      if (method === 'email') {
        const scope = `challenge:${challengeId}`;
        await repo.setChallengeEmailCode(
          db,
          challengeId,
          await mailCode(user, requestOrigin, scope, 'to log in'),
        );
      }
      return { ephemeral_token: ephemeral, method };
    },

    /** The user id of a pending login whose code is right; the login can be used once. */
    async completeChallenge(
      ephemeralToken: string,
      code: string,
      loadUser: (id: number) => Promise<User | undefined>,
    ) {
      const challenge = await repo.findChallenge(db, sha256(ephemeralToken));
      if (!challenge || challenge.usedAt || challenge.expiresAt.getTime() < Date.now()) {
        throw mfaError('The verification has expired. Log in again.');
      }
      const user = await loadUser(challenge.userId);
      if (!user) throw mfaError('The verification has expired. Log in again.');
      await checkCode(user, code, challenge);
      if (!(await repo.consumeChallenge(db, challenge.id)))
        throw mfaError('The verification has expired. Log in again.');
      await deps.failures.clear(user.username);
      return user;
    },
  };
}
export type MfaService = ReturnType<typeof createMfaService>;
