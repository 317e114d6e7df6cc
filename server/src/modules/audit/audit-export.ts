import type { AuditEvent } from '@geows/contract';
import type { Db } from '../../db/client.js';
import { presentAuditEvent } from './audit.presenter.js';
import { listEventsForExport } from './audit.repository.js';

const BATCH = 1000;

/**
 * The operator's export, oldest first, read in batches by id so that a long trail is
 * never one huge query; the events are the API's shape, one per line when printed.
 */
export async function exportAuditEvents(
  db: Db,
  filter: { since: Date | undefined; accountId: number | undefined },
): Promise<AuditEvent[]> {
  const events: AuditEvent[] = [];
  let afterId = 0;
  for (;;) {
    const rows = await listEventsForExport(db, { ...filter, afterId }, BATCH);
    events.push(...rows.map(presentAuditEvent));
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return events;
    afterId = last.id;
  }
}
