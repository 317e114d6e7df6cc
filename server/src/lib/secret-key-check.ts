import { ConfigError } from '../config.js';
import type { Db } from '../db/client.js';
import type { SecretBox } from './crypto.js';
import { storeOnceAndRead } from './server-secrets.repository.js';

const CHECK = 'secret-key-check';

/**
 * A value sealed with the first key this database met. Another key (a SECRET_KEY mistyped,
 * or a restored backup started without the key it was made with) could open none of the
 * sealed secrets — share links, data source passwords, second factors — and every screen
 * showing one would fail; so the server refuses to start instead, saying why.
 */
export async function checkSecretKey(db: Db, box: SecretBox): Promise<void> {
  const sealed = await storeOnceAndRead(db, CHECK, box.seal(CHECK));
  let opened: string | null = null;
  try {
    opened = box.open(sealed);
  } catch {}
  if (opened !== CHECK) {
    throw new ConfigError(
      "Invalid configuration: SECRET_KEY is not the key this database's secrets were sealed with; start with that key (after a restore: the key the backup was made with)",
    );
  }
}
