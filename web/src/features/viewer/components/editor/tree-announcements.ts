import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from '@dnd-kit/core';
import type { Layer } from '@geows/contract';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dropMove, type Move, moveLayer, treeRows } from '../../editor-moves';
import { displayName, isBaseLayer, isGroup } from '../../layer-tree';

const findRow = (tree: readonly Layer[], id: UniqueIdentifier) =>
  treeRows(tree).find((row) => row.layer.id === Number(id));
const nameOf = (tree: readonly Layer[], id: UniqueIdentifier) => {
  const row = findRow(tree, id);
  return row ? displayName(row.layer.name) : String(id);
};
const isBase = (layer: Layer) => isBaseLayer(layer) && !isGroup(layer);

/**
 * What the move changes about drawing, which the tree's order does not show: base layers
 * are drawn under every other layer, wherever they sit in the tree (layer-tree.ts). Empty
 * when the new place tells the truth.
 */
export function drawOrderNote(tree: readonly Layer[], id: number, move: Move, t: TFunction): string {
  const rows = treeRows(moveLayer(tree, id, move));
  const at = rows.findIndex((row) => row.layer.id === id);
  const moving = rows[at];
  if (!moving) return '';
  const carried = new Set(treeRows([moving.layer]).map((row) => row.layer.id));
  const others = (from: number, to: number) =>
    rows.slice(from, to).filter((row) => !carried.has(row.layer.id) && !isGroup(row.layer));
  const carriesOverlay = treeRows([moving.layer]).some((row) => !isGroup(row.layer) && !isBase(row.layer));
  if (carriesOverlay && others(0, at).some((row) => isBase(row.layer))) return t('treeDrag.stillAboveBase');
  if (isBase(moving.layer) && others(at + 1, rows.length).some((row) => !isBase(row.layer))) {
    return t('treeDrag.baseStaysBelow');
  }
  return '';
}

/** Where a drag over `overId` would put the layer, in words; `dropped` once it is let go. */
export function placeText(
  tree: readonly Layer[],
  activeId: UniqueIdentifier,
  overId: UniqueIdentifier | undefined,
  dropped: boolean,
  t: TFunction,
): string {
  const name = nameOf(tree, activeId);
  if (overId === undefined) return t(dropped ? 'treeDrag.droppedOutside' : 'treeDrag.notOver', { name });
  const active = findRow(tree, activeId);
  const move = dropMove(tree, Number(activeId), Number(overId));
  if (!active || !move) {
    const inside = active && treeRows(active.layer.layers).some((row) => row.layer.id === Number(overId));
    if (inside) return t('treeDrag.notIntoItself', { name });
    return t(dropped ? 'treeDrag.droppedInPlace' : 'treeDrag.inPlace', { name });
  }
  const position = move.position + 1;
  const place =
    move.parent === null
      ? t(dropped ? 'treeDrag.droppedTop' : 'treeDrag.movedTop', { name, position })
      : t(dropped ? 'treeDrag.droppedInto' : 'treeDrag.movedInto', {
          name,
          group: nameOf(tree, move.parent),
          position,
        });
  const note = drawOrderNote(tree, active.layer.id, move, t);
  return note ? `${place} ${note}` : place;
}

/** dnd-kit's live-region texts for the editor's tree: the layers and places by name, not by id. */
export function treeAnnouncements(tree: readonly Layer[], t: TFunction): Announcements {
  return {
    onDragStart: ({ active }) => t('treeDrag.pickedUp', { name: nameOf(tree, active.id) }),
    onDragOver: ({ active, over }) => placeText(tree, active.id, over?.id, false, t),
    onDragEnd: ({ active, over }) => placeText(tree, active.id, over?.id, true, t),
    onDragCancel: ({ active }) => t('treeDrag.cancelled', { name: nameOf(tree, active.id) }),
  };
}

/** The DndContext's `accessibility` for the editor's tree, following the tree and the language. */
export function useTreeDragAccessibility(tree: readonly Layer[]): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      announcements: treeAnnouncements(tree, t),
      screenReaderInstructions: { draggable: t('treeDrag.instructions') },
    }),
    [tree, t],
  );
}
