import type { LayerKind } from '../map-engine';
import { featureAdapters } from './features';
import { imageryAdapters } from './imagery';
import { terrainAdapter } from './terrain';
import { tiles3dAdapter } from './tiles3d';

/** Every kind of layer the map draws, by family. */
export const layerAdapters = [...imageryAdapters, tiles3dAdapter, ...featureAdapters, terrainAdapter];

type Drawn = (typeof layerAdapters)[number]['kinds'][number];
/** Fails to compile when a kind of layer has no adapter: it names the kinds left out. */
const everyKindDrawn: Record<Exclude<LayerKind, Drawn>, never> = {};
void everyKindDrawn;

export function adapterFor(kind: LayerKind) {
  return layerAdapters.find((adapter) => adapter.kinds.some((drawn) => drawn === kind));
}
