import type { ArcgisSignInRequest } from '@geows/contract';
import { HttpError, validationFailed } from '../../lib/errors.js';
import { UrlFetchError, type UrlFetcher } from '../../lib/url-fetch/index.js';
import type { AuthedUser } from '../auth/authenticate.js';
import type { DatasourceRow } from './datasources.repository.js';
import type { ArcgisSession, DatasourcesService } from './datasources.service.js';

const arcgisKeys = new Set(['arcgis-mapserver', 'arcgis-featureserver']);
/** Refresh a little before the portal's own expiry, so no request goes out with a dying token. */
const refreshMarginMs = 60_000;

type TokenAnswer = {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  username?: string;
  error?: { message?: string; error_description?: string; code?: number } | string;
  error_description?: string;
};

/**
 * 'Sign in with ArcGIS' (OAuth 2.0 authorization code with PKCE). The browser runs the
 * pop-up and keeps the verifier; the server exchanges the code at the portal's token
 * endpoint through the SSRF-safe fetcher, keeps the token and refresh token sealed with
 * the data source, and refreshes the token when it runs out. The browser never holds it.
 */
export function createArcgisSignInService(deps: {
  fetcher: UrlFetcher;
  datasources: DatasourcesService;
  typeKeyOf: (typeId: number | null) => string | undefined;
}) {
  async function requestToken(portal: string, form: Record<string, string>): Promise<TokenAnswer> {
    const url = `${portal.replace(/\/+$/, '')}/sharing/rest/oauth2/token`;
    try {
      const answer = await deps.fetcher.fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams({ ...form, f: 'json' }).toString(),
        timeoutMs: 10_000,
        maxBytes: 1024 * 1024,
      });
      return JSON.parse(answer.body.toString('utf8')) as TokenAnswer;
    } catch (error) {
      if (error instanceof UrlFetchError) throw validationFailed({ portal: [error.message] });
      if (error instanceof SyntaxError)
        throw validationFailed({ portal: ['The portal did not answer as an ArcGIS portal does.'] });
      throw error;
    }
  }

  function sessionFrom(answer: TokenAnswer, portal: string, clientId: string, previous?: ArcgisSession) {
    if (!answer.access_token) {
      const reason =
        typeof answer.error === 'string'
          ? (answer.error_description ?? answer.error)
          : (answer.error?.error_description ?? answer.error?.message ?? 'no token in the answer');
      return { error: reason };
    }
    const session: ArcgisSession = {
      token: answer.access_token,
      refreshToken: answer.refresh_token ?? previous?.refreshToken ?? null,
      expires: Date.now() + (answer.expires_in ?? 1800) * 1000,
      username: answer.username ?? previous?.username ?? '',
      portal,
      clientId,
    };
    return { session };
  }

  function signInSettings(row: DatasourceRow) {
    const { portal, clientId } = row.config as { portal?: string; clientId?: string };
    if (!arcgisKeys.has(deps.typeKeyOf(row.typeId) ?? '') || !portal || !clientId)
      throw new HttpError(400, 'no sign-in', {
        detail:
          'Enter the portal URL and the app client id of this ArcGIS source, and save it, before signing in.',
      });
    return { portal, clientId };
  }

  return {
    async signIn(caller: AuthedUser, id: number, input: ArcgisSignInRequest) {
      const { datasource } = await deps.datasources.secretsOf(caller, id);
      const { portal, clientId } = signInSettings(datasource);
      const answer = await requestToken(portal, {
        client_id: clientId,
        grant_type: 'authorization_code',
        code: input.code,
        code_verifier: input.code_verifier,
        redirect_uri: input.redirect_uri,
      });
      const result = sessionFrom(answer, portal, clientId);
      if (!result.session)
        throw new HttpError(400, 'sign-in failed', { detail: `ArcGIS did not sign you in: ${result.error}` });
      const updated = await deps.datasources.storeArcgisSession(datasource, result.session, caller);
      const { usage } = await deps.datasources.owned(caller, id);
      return deps.datasources.detail(updated, usage);
    },

    /** A live token of the source's ArcGIS sign-in; refreshed when it has run out, or a clear 400. */
    async tokenFor(row: DatasourceRow): Promise<string> {
      // The caller's right to this row was checked by whoever read it.
      const session = deps.datasources.openSecretsOf(row).arcgis;
      if (!session) throw expired();
      if (session.expires - refreshMarginMs > Date.now()) return session.token;
      if (!session.refreshToken) throw expired();
      const answer = await requestToken(session.portal, {
        client_id: session.clientId,
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken,
      });
      const result = sessionFrom(answer, session.portal, session.clientId, session);
      if (!result.session) {
        await deps.datasources.storeArcgisSession(row, null);
        throw expired();
      }
      await deps.datasources.storeArcgisSession(row, result.session);
      return result.session.token;
    },
  };
}
export type ArcgisSignInService = ReturnType<typeof createArcgisSignInService>;

const expired = () =>
  new HttpError(400, 'sign-in expired', {
    detail: 'The ArcGIS sign-in of this data source has expired. Sign in with ArcGIS again.',
  });
