import { Readable } from 'node:stream';
import type { Db } from '../../db/client.js';
import { type DatasourceRow, readFeatures } from './datasources.repository.js';

/**
 * An uploaded source's features as one GeoJSON FeatureCollection, written a chunk at a
 * time: a large upload is never held in memory whole.
 */
export function featureCollectionStream(db: Db, datasource: Pick<DatasourceRow, 'id' | 'extent'>): Readable {
  const bbox = datasource.extent ? `"bbox":${JSON.stringify(datasource.extent)},` : '';
  async function* collection() {
    yield `{"type":"FeatureCollection",${bbox}"features":[`;
    let first = true;
    for await (const chunk of readFeatures(db, datasource.id)) {
      yield (first ? '' : ',') + chunk.map((feature) => JSON.stringify(feature)).join(',');
      first = false;
    }
    yield ']}';
  }
  return Readable.from(collection());
}
