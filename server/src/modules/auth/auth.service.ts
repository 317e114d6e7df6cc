import type { LoginRequest, RegisterRequest, ResetPasswordRequest } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { decodeUid, encodeUid, randomToken, sha256 } from '../../lib/crypto.js';
import { HttpError, isUniqueViolation, unauthorized, validationFailed } from '../../lib/errors.js';
import {
  burnPasswordCheck,
  hashPassword,
  passwordPolicyErrors,
  verifyPassword,
} from '../../lib/passwords.js';
import type { ClientInfo } from '../audit/client-info.js';
import { recordAudit } from '../audit/record.js';
import type { MfaService } from '../mfa/mfa.service.js';
import type { MailSite, SitesService } from '../sites/sites.service.js';
import { claimMemberships } from '../usergroups/usergroups.repository.js';
import { activationMail, passwordResetMail } from './auth.mails.js';
import * as repo from './auth.repository.js';
import type { AuthedUser } from './authenticate.js';
import type { FailureGuard } from './failure-guard.js';

export const LINK_TTL_MS = 3 * 86_400_000;

const loginError = (error: string) => new HttpError(400, error, { error });
const invalidCredentials = () => loginError('Unable to log in with provided credentials.');

export function createAuthService(
  ctx: AppContext,
  deps: { mfa: MfaService; failures: FailureGuard; sites: SitesService },
) {
  const { db, config } = ctx;

  async function issueToken(userId: number): Promise<string> {
    const token = randomToken();
    await repo.insertAuthToken(db, userId, sha256(token));
    await repo.touchLastLogin(db, userId);
    await claimMemberships(db, userId);
    return token;
  }

  async function createLinkToken(userId: number, purpose: 'activation' | 'password_reset') {
    const token = randomToken();
    await repo.insertUserToken(db, {
      userId,
      purpose,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + LINK_TTL_MS),
    });
    return `${encodeUid(userId)}/${token}`;
  }

  async function assertPasswordPolicy(password: string, user: { username?: string; email?: string }) {
    const errors = await passwordPolicyErrors(password, { ...user, minLength: config.passwordMinLength });
    if (errors.length > 0) throw validationFailed({ password: errors });
  }

  async function sendActivation(user: repo.UserRow, site: MailSite) {
    const path = await createLinkToken(user.id, 'activation');
    await ctx.mailer.send(activationMail(user, site.title, `${site.origin}/activation/${path}`));
  }

  /** The link token's user, if the token is right, unused and unexpired. */
  async function linkTokenOwner(uid: string, token: string, purpose: 'activation' | 'password_reset') {
    const userId = decodeUid(uid);
    if (!userId || token.length > 200) return null;
    const row = await repo.findUserToken(db, userId, purpose, sha256(token));
    if (!row) return null;
    return { row, userId };
  }

  return {
    async register(input: RegisterRequest, requestOrigin: string | undefined, log: (error: unknown) => void) {
      await assertPasswordPolicy(input.password, input);
      // A registration never activated, whose links have all expired, no longer holds its name and address.
      await repo.deleteAbandonedRegistrations(db, input.username, input.email);
      const errors: Record<string, string[]> = {};
      if (await repo.loginNameTaken(db, input.username))
        errors.username = ['A user with that username already exists.'];
      if (await repo.loginNameTaken(db, input.email))
        errors.email = ['A user with that email already exists.'];
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      let user: repo.UserRow;
      try {
        user = await repo.createUserWithProfile(db, {
          username: input.username,
          email: input.email,
          passwordHash: await hashPassword(input.password),
        });
      } catch (error) {
        // Two registrations raced for the same name: the unique index decided.
        if (isUniqueViolation(error))
          throw validationFailed({ username: ['A user with that username already exists.'] });
        throw error;
      }
      // The user is stored: a mail server that is down must not turn that into an error.
      // "Forgotten password?" mails a fresh activation link to a user who never activated.
      await deps.sites
        .mailSite(requestOrigin)
        .then((site) => sendActivation(user, site))
        .catch(log);
      return { id: user.id, username: user.username, email: user.email };
    },

    async activate(uid: string, token: string) {
      const found = await linkTokenOwner(uid, token, 'activation');
      if (!found) throw new HttpError(400, 'This activation link is invalid.');
      if (found.row.usedAt)
        throw new HttpError(400, 'This activation link has already been used. You can log in.');
      if (found.row.expiresAt.getTime() < Date.now()) {
        throw new HttpError(400, 'This activation link has expired.');
      }
      if (!(await repo.consumeUserToken(db, found.row.id))) {
        throw new HttpError(400, 'This activation link has already been used. You can log in.');
      }
      await repo.setUserActive(db, found.userId, true);
    },

    async login(input: LoginRequest, requestOrigin: string | undefined, client: ClientInfo) {
      const user = await repo.findUserByLogin(db, input.username);
      // The caller's answer is the same whoever the name belongs to; only the trail knows.
      const failed = (reason: string) =>
        recordAudit(db, {
          kind: 'login_failed',
          actor: user ? { id: user.id, username: user.username } : { id: null, username: input.username },
          client,
          details: { reason },
        });
      // Refused while the name is locked out: the owner should see someone kept trying.
      await deps.failures.attempt(user?.username ?? input.username, 'error').catch(async (error) => {
        await failed('locked_out');
        throw error;
      });
      if (!user) {
        await burnPasswordCheck(input.password);
        await failed('unknown_user');
        throw invalidCredentials();
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await failed('wrong_password');
        throw invalidCredentials();
      }
      if (!user.isActive) {
        await failed('inactive');
        throw loginError('This account is not active yet. Open the activation link we sent you by e-mail.');
      }
      const challenge = await deps.mfa.startChallenge(user, requestOrigin);
      if (challenge) return challenge;
      await deps.failures.clear(user.username);
      const token = await issueToken(user.id);
      await recordAudit(db, {
        kind: 'login_succeeded',
        actor: user,
        client,
        details: { second_factor: false },
      });
      return { auth_token: token };
    },

    async completeLogin(ephemeralToken: string, code: string, client: ClientInfo) {
      let attempted: repo.UserRow | undefined;
      const user = await deps.mfa
        .completeChallenge(ephemeralToken, code, async (id) => {
          const row = await repo.findUserById(db, id);
          attempted = row?.isActive ? row : undefined;
          return attempted;
        })
        .catch(async (error: unknown) => {
          // A right password and a wrong code: worth knowing, the password may be out.
          if (attempted)
            await recordAudit(db, {
              kind: 'login_failed',
              actor: attempted,
              client,
              details: { reason: 'wrong_code' },
            });
          throw error;
        });
      const token = await issueToken(user.id);
      await recordAudit(db, {
        kind: 'login_succeeded',
        actor: user,
        client,
        details: { second_factor: true },
      });
      return { auth_token: token };
    },

    async logout(user: AuthedUser) {
      await repo.deleteAuthToken(db, user.tokenId, user.id);
    },

    /**
     * Always the same answer, and the mail goes out after it: nobody learns who has an
     * account. A user who never activated gets a fresh activation link instead.
     */
    async requestReset(email: string, site: string | undefined, requestOrigin: string | undefined) {
      ctx.background.run(async () => {
        const user = await repo.findUserByEmail(db, email);
        if (!user) return;
        const mailSite = await deps.sites.mailSite(site ?? requestOrigin);
        if ((await ctx.throttle.hit(`reset-mail:${user.id}`, 15 * 60_000)).count > 5) return;
        if (!user.isActive) {
          if (await repo.wasEverActivated(db, user.id)) return;
          await sendActivation(user, mailSite);
          return;
        }
        const path = await createLinkToken(user.id, 'password_reset');
        await ctx.mailer.send(
          passwordResetMail(user, mailSite.title, `${mailSite.origin}/password-reset/${path}`),
        );
      });
    },

    async resetPassword(
      input: ResetPasswordRequest,
      authenticate: () => Promise<AuthedUser>,
      client: ClientInfo,
    ) {
      const linkToken = input.pw_token || input.token;
      if (typeof input.uid === 'string' && input.uid && typeof linkToken === 'string' && linkToken) {
        const found = await linkTokenOwner(input.uid, linkToken, 'password_reset');
        const invalid = () => new HttpError(400, 'This password reset link is invalid or has expired.');
        if (!found || found.row.usedAt || found.row.expiresAt.getTime() < Date.now()) throw invalid();
        const user = await repo.findUserById(db, found.userId);
        if (!user) throw invalid();
        await assertPasswordPolicy(input.password, user);
        if (!(await repo.consumeUserToken(db, found.row.id))) throw invalid();
        const passwordHash = await hashPassword(input.password);
        await db.transaction(async (tx) => {
          await repo.setPassword(tx, user.id, passwordHash);
          await recordAudit(tx, { kind: 'password_reset', actor: user, client });
        });
        await repo.consumeAllUserTokens(db, user.id, 'password_reset');
        await repo.deleteUserTokens(db, user.id);
        await deps.failures.clear(user.username);
        return { detail: 'Your password has been reset.' };
      }
      // Signed in: the profile's "Change password" (uid false, token false).
      const authed = await authenticate().catch((error: unknown) => {
        if (input.uid === undefined && linkToken === undefined) {
          throw validationFailed({ uid: ['This field is required.'], pw_token: ['This field is required.'] });
        }
        throw error instanceof HttpError ? error : unauthorized();
      });
      const user = await repo.findUserById(db, authed.id);
      if (!user) throw unauthorized('Invalid token.');
      if (
        input.current_password !== undefined &&
        !(await verifyPassword(user.passwordHash, input.current_password))
      ) {
        throw validationFailed({ current_password: ['Your current password is incorrect.'] });
      }
      await assertPasswordPolicy(input.password, user);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await repo.setPassword(tx, user.id, passwordHash);
        await recordAudit(tx, { kind: 'password_changed', actor: authed, client });
      });
      await repo.consumeAllUserTokens(db, user.id, 'password_reset');
      await repo.deleteUserTokens(db, user.id, authed.tokenId);
      return { detail: 'Password changed.' };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
