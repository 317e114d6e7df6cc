import { datasourceTypeByKey, type Workspace } from '@geows/contract';
import type { Feature, Geometry } from 'geojson';
import type { AppContext } from '../../context.js';
import type { AuthedUser } from '../auth/authenticate.js';
import * as datasourcesRepo from '../datasources/datasources.repository.js';
import * as layersRepo from '../layers/layers.repository.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { bbox, countryLabels, positionsOf, worldCountries } from './world-countries.js';

/** The sample's first view: straight down on Europe, the whole continent on a laptop and a phone. */
const sampleCamera = { longitude: 12, latitude: 50, height: 6_500_000, heading: 0, pitch: -90, roll: 0 };

/**
 * A sample workspace from data that ships with the product, so that a newcomer on a
 * fresh install without internet sees a real 3D map at once: the offline imagery (every
 * new workspace has it), the world's countries as styled polygons and their names as
 * labelled points, both stored like uploads.
 */
export function createSamplesService(
  { db }: Pick<AppContext, 'db'>,
  deps: { workspaces: WorkspacesService },
) {
  const geojson = datasourceTypeByKey('geojson');

  /** A data source of stored features, as an upload makes one. */
  async function storeSource(accountId: number, name: string, features: Feature<Geometry, object>[]) {
    if (!geojson) throw new Error('The contract has no geojson type');
    const source = await datasourcesRepo.insertDatasource(db, {
      accountId,
      typeId: geojson.id,
      name,
      config: { uploaded: 'world-atlas countries-110m (Natural Earth)' },
      secrets: null,
      featureCount: features.length,
      extent: bbox(features.flatMap((f) => positionsOf(f.geometry))),
    });
    for (let seq = 0; seq < features.length; seq += 500)
      await datasourcesRepo.insertFeatures(db, source.id, seq, features.slice(seq, seq + 500) as never);
    return source.id;
  }

  return {
    async create(caller: AuthedUser, account: number): Promise<Workspace> {
      // The same checks and errors as any new workspace (an account the caller administers).
      const created = await deps.workspaces.create(caller, {
        admin: caller.id,
        account,
        name: 'Sample: World',
        description: 'Countries of the world on the offline globe, from data that ships with the product.',
      });
      const sources: number[] = [];
      try {
        const countries = worldCountries();
        const countriesId = await storeSource(created.account, 'Sample: world countries', countries);
        sources.push(countriesId);
        const labelsId = await storeSource(
          created.account,
          'Sample: country names',
          countryLabels(countries),
        );
        sources.push(labelsId);
        const group = await layersRepo.insertLayer(db, {
          workspaceId: created.id,
          parentId: null,
          position: 0,
          name: 'World',
          visible: true,
          dataSourceId: null,
          template: {},
        });
        await layersRepo.insertLayer(db, {
          workspaceId: created.id,
          parentId: group,
          position: 0,
          name: 'Country names',
          visible: true,
          dataSourceId: labelsId,
          template: { label: 'name', color: '#ffd54f', outlineColor: '#000000' },
        });
        await layersRepo.insertLayer(db, {
          workspaceId: created.id,
          parentId: group,
          position: 1,
          name: 'Countries',
          visible: true,
          dataSourceId: countriesId,
          template: { color: 'rgba(255, 109, 0, 0.28)', outlineColor: '#ff6d00', outlineWidth: 1 },
        });
        // The base layer the workspace started with goes under the group.
        const layers = await layersRepo.listWorkspaceLayers(db, created.id);
        await layersRepo.renumber(db, [
          group,
          ...layers.filter((l) => l.parentId === null && l.id !== group).map((l) => l.id),
        ]);
        return await deps.workspaces.update(caller, created.id, {
          version: created.version,
          camera: JSON.stringify(sampleCamera),
        });
      } catch (error) {
        // Nothing half-made stays behind.
        await deps.workspaces.remove(caller, created.id);
        for (const id of sources) await datasourcesRepo.deleteDatasource(db, id);
        throw error;
      }
    },
  };
}
export type SamplesService = ReturnType<typeof createSamplesService>;
