import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  datasourceName,
  datasourceTypeByKey,
  dbId,
  type UploadSummary,
  validateDatasourceConfig,
} from '@geows/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, notFound, validationFailed } from '../../lib/errors.js';
import type { CallSlot } from '../../lib/expensive-calls.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { AuthedUser } from '../auth/authenticate.js';
import * as repo from './datasources.repository.js';
import type { DatasourcesService } from './datasources.service.js';
import { featureCollectionStream } from './feature-collection.js';
import { failWhenCutOff } from './upload/cut-off-file.js';
import { UploadError } from './upload/types.js';

const geojsonType = datasourceTypeByKey('geojson');

/**
 * Uploaded GeoJSON and CSV files become `geojson` data sources whose features the
 * server keeps (PostGIS is not there on the embedded database). The file goes to disk
 * first — the form's fields may come after it — and is then read feature by feature
 * into the database (on a thread of its own when it is not small: upload/parse-thread.ts),
 * so memory stays flat whatever its size.
 */
export function createUploadService(
  { db, config }: Pick<AppContext, 'db' | 'config'>,
  deps: { accounts: AccountsService; datasources: DatasourcesService },
) {
  const uploadsDir = path.join(config.dataDir, 'uploads');
  const maxMb = Math.round(config.uploadMaxBytes / (1024 * 1024));

  /** `onField` sees each form field as it arrives (before the file, when the form sends it first). */
  async function receive(request: FastifyRequest, onField: (name: string, value: string) => Promise<void>) {
    // Without a boundary the parser throws a plain error (a 500): the same 400 as any other body.
    if (!request.isMultipart() || !/;\s*boundary=/i.test(request.headers['content-type'] ?? ''))
      throw validationFailed({ file: ['Send the file as multipart/form-data, in the field "file".'] });
    const fields: Record<string, string> = {};
    let file: { path: string; name: string } | null = null;
    try {
      const parts = request.parts({
        limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 10_000 },
      });
      for await (const part of parts) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          await onField(part.fieldname, fields[part.fieldname] as string);
        } else if (part.fieldname !== 'file' || file) {
          part.file.resume();
        } else {
          await fs.promises.mkdir(uploadsDir, { recursive: true });
          file = {
            path: path.join(uploadsDir, `${randomBytes(12).toString('hex')}.part`),
            name: part.filename,
          };
          const destination = fs.createWriteStream(file.path, { mode: 0o600 });
          const written = pipeline(part.file, destination);
          const stopGuard = failWhenCutOff(request.raw, part.file, destination);
          try {
            await written;
          } finally {
            stopGuard();
          }
        }
      }
    } catch (error) {
      if (file) await fs.promises.rm(file.path, { force: true });
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new HttpError(413, 'too large', { detail: `The file is larger than ${maxMb} MB.` });
      throw error;
    }
    return { fields, file };
  }

  return {
    /** `slot`: the caller's expensive-call slot, charged to the account once the form names it. */
    async upload(caller: AuthedUser, request: FastifyRequest, slot?: Pick<CallSlot, 'forAccount'>) {
      if (!geojsonType) throw new Error('The contract has no geojson type');
      // An account that already has its share of uploads in flight is refused as soon as the
      // form names it: before its file is read, when the field comes first (as browsers send it).
      const chargeAccount = async (field: string, value: string) => {
        const id = dbId().safeParse(value);
        if (!slot || field !== 'account' || !id.success) return;
        const account = await deps.accounts.administered(caller, id.data);
        if (account) slot.forAccount(account.id);
      };
      const { fields, file } = await receive(request, chargeAccount);
      try {
        const errors: Record<string, string[]> = {};
        const name = datasourceName.safeParse(fields.name);
        const accountId = dbId().safeParse(fields.account);
        if (!name.success) errors.name = name.error.issues.map((issue) => issue.message);
        // The JSON bodies' guard (lib/null-characters.ts) does not see multipart fields.
        else if (name.data.includes('\u0000')) errors.name = ['Null characters are not allowed.'];
        if (!accountId.success) errors.account = accountId.error.issues.map((issue) => issue.message);
        if (!file) errors.file = ['No file was submitted.'];
        if (errors.name || !name.success || !accountId.success || !file) throw validationFailed(errors);
        const account = await deps.accounts.administered(caller, accountId.data);
        if (!account)
          throw validationFailed({ account: [`Invalid pk "${accountId.data}" - object does not exist.`] });
        // Also when the file came first: before it is read into the database.
        slot?.forAccount(account.id);

        const checked = validateDatasourceConfig(geojsonType.id, {
          uploaded: file.name.replaceAll('\u0000', '').slice(0, 300) || 'upload',
        });
        if (!checked.success) throw new Error('The upload config does not match its schema');
        const row = await repo.insertDatasource(db, {
          accountId: account.id,
          typeId: geojsonType.id,
          name: name.data,
          config: checked.config,
          secrets: null,
        });
        let seq = 0;
        let summary: UploadSummary;
        try {
          // The parsers (csv-parse, stream-json) are loaded with the first upload, not at start-up.
          const { parseUploadFile } = await import('./upload/parse-thread.js');
          const parsed = await parseUploadFile({
            path: file.path,
            filename: file.name,
            onBatch: async (features) => {
              await repo.insertFeatures(db, row.id, seq, features as Record<string, unknown>[]);
              seq += features.length;
            },
          });
          await repo.updateDatasource(db, row.id, {
            featureCount: parsed.featureCount,
            extent: parsed.extent,
          });
          summary = parsed.summary;
        } catch (error) {
          // Nothing half-stored stays behind: the row goes, and its features with it.
          await repo.deleteDatasource(db, row.id);
          if (error instanceof UploadError) throw validationFailed({ file: [error.message] });
          throw error;
        }
        return { ...(await deps.datasources.get(caller, row.id)), summary };
      } finally {
        if (file) await fs.promises.rm(file.path, { force: true });
      }
    },

    /** An uploaded source's features as one GeoJSON FeatureCollection, streamed from the database. */
    async features(caller: AuthedUser, id: number): Promise<Readable> {
      const { datasource } = await deps.datasources.owned(caller, id);
      if (typeof datasource.config.uploaded !== 'string')
        throw notFound('This data source has no uploaded features.');
      return featureCollectionStream(db, datasource);
    },
  };
}
export type UploadService = ReturnType<typeof createUploadService>;

/**
 * Files a crashed or cut-off upload left in `DATA_DIR/uploads`: an upload in progress
 * writes its file for seconds, so anything an hour old is junk.
 */
export async function deleteStaleUploads(dataDir: string, olderThanMs = 3_600_000): Promise<void> {
  const dir = path.join(dataDir, 'uploads');
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((entry) => entry.endsWith('.part'))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > olderThanMs) await fs.promises.rm(file, { force: true });
  }
}
