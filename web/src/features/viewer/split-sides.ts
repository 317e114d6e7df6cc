import type { Layer, SplitPanelSettings } from '@geows/contract';

export type SplitChoice = 'left' | 'right';

/**
 * Which side of the compare divider each layer draws on (RUNTIME.md `splitPanel`): its
 * own if it is listed, else that of its nearest listed group; layers on neither are
 * left out (both sides). A group's id stands for all the layers below it.
 */
export function splitSides(
  tree: readonly Layer[],
  settings: Pick<SplitPanelSettings, 'left' | 'right'>,
): Map<number, SplitChoice> {
  const left = new Set(settings.left);
  const right = new Set(settings.right);
  const sides = new Map<number, SplitChoice>();
  const walk = (layers: readonly Layer[], inherited: SplitChoice | undefined) => {
    for (const layer of layers) {
      const own = left.has(layer.id) ? 'left' : right.has(layer.id) ? 'right' : undefined;
      const side = own ?? inherited;
      if (side) sides.set(layer.id, side);
      walk(layer.layers, side);
    }
  };
  walk(tree, undefined);
  return sides;
}

/**
 * Why a kind of layer draws on both sides whatever its side says: Cesium (1.140) splits
 * imagery, 3D Tiles and points, but not the lines, areas and labels of features, nor
 * terrain. Such a layer keeps both sides even inside a group set to one side, so that
 * what it shows and what a click on it finds agree.
 */
export function unsplittable(kind: string | undefined): 'features' | 'terrain' | undefined {
  if (kind === 'geojson' || kind === 'arcgis-featureserver') return 'features';
  if (kind === 'cesium-terrain') return 'terrain';
  return undefined;
}
