import type { TestApp } from './app.js';
import { auth } from './factories.js';

export type LayerJson = { id: number; name: string; visible: boolean; layers: LayerJson[] };

/**
 * The layer calls an API test makes as one user on one workspace. `who` is read at each
 * call, so a suite can set its app, token and workspace in `beforeAll`.
 */
export function layerCalls(who: () => { t: TestApp; token: string; workspace: { id: number } }) {
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: Record<string, unknown>,
  ) => {
    const { t, token } = who();
    return t.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  };
  return {
    call,
    async create(payload: Record<string, unknown>) {
      const res = await call('POST', '/api/layers', { workspace: who().workspace.id, ...payload });
      if (res.statusCode !== 201) throw new Error(`layer failed: ${res.body}`);
      return res.json() as LayerJson;
    },
    tree: async () =>
      (await call('GET', `/api/layers?workspace=${who().workspace.id}`)).json().results as LayerJson[],
  };
}
