import type { AppContext } from '../../context.js';
import type { AuthedUser } from '../auth/authenticate.js';
import { findDemoWorkspace } from './demo.repository.js';

/**
 * Demo mode (docs/product.md, States and transitions; docs/decisions.md): an operator
 * assigns a workspace; after login the client goes straight to it.
 */
export function createDemoService({ db }: AppContext) {
  return {
    async workspaceOf(caller: AuthedUser): Promise<number> {
      return (await findDemoWorkspace(db, caller.id)) ?? 0;
    },
  };
}
export type DemoService = ReturnType<typeof createDemoService>;
