import { listeningOrigin } from '../config.js';
import type { AppContext } from '../context.js';
import { syncDatasourceTypes } from '../modules/datasourcetypes/datasourcetypes.repository.js';
import { ensurePlans } from '../modules/plans/plans.repository.js';
import { ensureDefaultSite } from '../modules/sites/sites.repository.js';

/** Reference data every installation needs; idempotent, run after migrations at each start. */
export async function seedReferenceData({ db, config }: Pick<AppContext, 'db' | 'config'>) {
  await syncDatasourceTypes(db);
  await ensurePlans(db);
  await ensureDefaultSite(db, { origin: config.publicUrl ?? listeningOrigin(config) });
}
