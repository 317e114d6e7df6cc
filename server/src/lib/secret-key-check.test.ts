import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.js';
import { openPglite } from '../db/client.js';
import { createSecretBox } from './crypto.js';
import { checkSecretKey } from './secret-key-check.js';

describe('checkSecretKey', () => {
  it('remembers the first key a database meets and refuses any other', async () => {
    const database = await openPglite();
    try {
      const key = createSecretBox('the-first-key-0123456789-abcdefghijkl');
      await checkSecretKey(database.db, key);
      await expect(checkSecretKey(database.db, key)).resolves.toBeUndefined();
      const other = checkSecretKey(database.db, createSecretBox('another-key-0123456789-abcdefghijklmn'));
      await expect(other).rejects.toBeInstanceOf(ConfigError);
      await expect(other).rejects.toThrow(/^Invalid configuration: SECRET_KEY is not the key/);
    } finally {
      await database.close();
    }
  });
});
