import { datasourcesApi, paths } from '@geows/contract';
import { callApi } from '../../../api/client';
import { createPkce, randomUrlSafe } from './pkce';

export class ArcgisSignInError extends Error {}

/** Where the portal sends the pop-up back: this origin's callback screen. */
export const arcgisRedirectUri = () => `${window.location.origin}${paths.esriOAuthCallback}`;

/**
 * 'Sign in with ArcGIS': opens the portal's authorize page in a pop-up (authorization
 * code with PKCE), waits for the callback screen to hand back the answer — from this
 * origin only, with the `state` this call made — and has the server exchange the code.
 * The token itself never reaches the browser.
 */
export async function signInWithArcgis({
  datasourceId,
  portal,
  clientId,
}: {
  datasourceId: number;
  portal: string;
  clientId: string;
}) {
  const { verifier, challenge } = await createPkce();
  const state = randomUrlSafe(16);
  const redirectUri = arcgisRedirectUri();
  const authorize = new URL(`${portal.replace(/\/+$/, '')}/sharing/rest/oauth2/authorize`);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();

  const popup = window.open(authorize.toString(), 'arcgis-sign-in', 'width=520,height=700');
  if (!popup) throw new ArcgisSignInError('popupBlocked');
  const code = await new Promise<string>((resolve, reject) => {
    const finish = (settle: () => void) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(watch);
      settle();
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || event.source !== popup) return;
      const answer = new URLSearchParams(String(event.data).replace(/^[#?]/, ''));
      if (answer.get('state') !== state) return;
      const error = answer.get('error_description') ?? answer.get('error');
      const received = answer.get('code');
      popup?.close();
      finish(() =>
        error || !received ? reject(new ArcgisSignInError(error ?? 'noCode')) : resolve(received),
      );
    }
    // A pop-up closed by the user (or by the portal) without an answer ends the wait.
    const watch = window.setInterval(() => {
      if (popup.closed) finish(() => reject(new ArcgisSignInError('closed')));
    }, 500);
    window.addEventListener('message', onMessage);
  });
  return callApi(datasourcesApi.arcgisSignIn, {
    params: { id: datasourceId },
    body: { code, code_verifier: verifier, redirect_uri: redirectUri },
  });
}
