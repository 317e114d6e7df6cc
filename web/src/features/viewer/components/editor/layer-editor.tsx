import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Layer, UpdateLayerRequest, UserGroup } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolderOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FolderIcon from '@mui/icons-material/FolderOutlined';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../api/api-error';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import type { LayerStatus } from '../../../../viewer/map-engine';
import { useCreateLayer } from '../../api/create-layer';
import { useDeleteLayer } from '../../api/delete-layer';
import { useUpdateLayer } from '../../api/update-layer';
import {
  dropMove,
  indent,
  type Move,
  moveDown,
  moveUp,
  outdent,
  type Row,
  treeRows,
} from '../../editor-moves';
import { checkState, displayName, flattenLayers, isBaseLayer, isGroup } from '../../layer-tree';
import { AddLayerDialog, type NewLayer } from './add-layer-dialog';
import { BaseLayerNote } from './base-layer-note';
import { DeleteLayerDialog, NameDialog, UserGroupsDialog } from './layer-dialogs';
import { LayerStyleDialog } from './style/layer-style-dialog';
import { useTreeDragAccessibility } from './tree-announcements';

type Props = {
  workspace: { id: number; account: number };
  tree: readonly Layer[];
  statuses: Readonly<Record<string, LayerStatus>>;
  groups: readonly UserGroup[];
  onZoomTo: (id: number) => void;
};

type Dialog =
  | { kind: 'add' }
  | { kind: 'group' }
  | { kind: 'rename' | 'style' | 'groups' | 'delete'; layer: Layer };

/**
 * The editor's layer tree: add layers from the account's data sources and groups,
 * rename, restyle, restrict to user groups, tick, delete, and move — by dragging (mouse,
 * touch or keyboard: Space, arrows, Space) or from each row's menu. Every change is
 * saved at once, and the tree shows the server's answer to it.
 */
export function LayerEditor({ workspace, tree, statuses, groups, onZoomTo }: Props) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const createLayer = useCreateLayer();
  const updateLayer = useUpdateLayer();
  const deleteLayer = useDeleteLayer();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const rows = treeRows(tree);
  const dragAccessibility = useTreeDragAccessibility(tree);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const failed = (error: unknown) =>
    snackbar.show(error instanceof ApiError ? error.message : t('editor.saveFailed'), 'error');
  const update = (id: number, body: UpdateLayerRequest, onDone?: () => void) =>
    updateLayer.mutate({ id, body }, { onSuccess: onDone, onError: failed });
  const move = (id: number, target: Move | null) => {
    if (target) update(id, target);
  };

  // Base layers are one choice: the server unticks the others when one is ticked, in the same request.
  const onToggle = (layer: Layer, visible: boolean) => update(layer.id, { visible });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) move(Number(active.id), dropMove(tree, Number(active.id), Number(over.id)));
  };

  const add = (body: NewLayer | { name: string }) =>
    createLayer.mutate(
      // New layers go on top, where they are seen first and drawn above the others.
      { workspace: workspace.id, position: 0, ...body },
      { onSuccess: () => setDialog(null), onError: failed },
    );

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ px: 1.5, py: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ kind: 'add' })}
        >
          {t('editor.addLayer')}
        </Button>
        <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={() => setDialog({ kind: 'group' })}>
          {t('editor.addGroup')}
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Typography variant="body2" color="textSecondary" sx={{ px: 2, pb: 2 }}>
          {t('editor.empty')}
        </Typography>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={dragAccessibility}
        >
          <SortableContext items={rows.map((row) => row.layer.id)} strategy={verticalListSortingStrategy}>
            <Box component="ul" aria-label={t('viewer.layers')} sx={{ listStyle: 'none', m: 0, p: 0.5 }}>
              {rows.map((row) => (
                <EditorRow
                  key={row.layer.id}
                  row={row}
                  tree={tree}
                  status={statuses[String(row.layer.id)]}
                  onToggle={onToggle}
                  onMove={move}
                  onOpen={(kind) => setDialog({ kind, layer: row.layer })}
                  onZoomTo={onZoomTo}
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}

      {dialog?.kind === 'add' && (
        <AddLayerDialog
          open
          onClose={() => setDialog(null)}
          busy={createLayer.isPending}
          workspace={workspace.id}
          onSubmit={add}
        />
      )}
      {dialog?.kind === 'group' && (
        <NameDialog
          open
          onClose={() => setDialog(null)}
          busy={createLayer.isPending}
          title={t('editor.addGroupTitle')}
          initial=""
          submitLabel={t('editor.addGroup')}
          onSubmit={(name) => add({ name })}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          open
          onClose={() => setDialog(null)}
          busy={updateLayer.isPending}
          title={t('editor.renameTitle', { name: displayName(dialog.layer.name) })}
          initial={dialog.layer.name}
          submitLabel={t('editor.save')}
          onSubmit={(name) => update(dialog.layer.id, { name }, () => setDialog(null))}
        />
      )}
      {dialog?.kind === 'style' && (
        <LayerStyleDialog
          workspace={workspace.id}
          layer={dialog.layer}
          onClose={() => setDialog(null)}
          busy={updateLayer.isPending}
          name={displayName(dialog.layer.name)}
          onSubmit={(template) => update(dialog.layer.id, { template }, () => setDialog(null))}
        />
      )}
      {dialog?.kind === 'groups' && (
        <UserGroupsDialog
          open
          onClose={() => setDialog(null)}
          busy={updateLayer.isPending}
          name={displayName(dialog.layer.name)}
          groups={groups}
          initial={dialog.layer.user_groups}
          onSubmit={(user_groups) => update(dialog.layer.id, { user_groups }, () => setDialog(null))}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteLayerDialog
          open
          onClose={() => setDialog(null)}
          busy={deleteLayer.isPending}
          name={displayName(dialog.layer.name)}
          contained={flattenLayers(dialog.layer.layers).length}
          onConfirm={() =>
            deleteLayer.mutate(dialog.layer.id, { onSuccess: () => setDialog(null), onError: failed })
          }
        />
      )}
    </Box>
  );
}

function EditorRow({
  row,
  tree,
  status,
  onToggle,
  onMove,
  onOpen,
  onZoomTo,
}: {
  row: Row;
  tree: readonly Layer[];
  status: LayerStatus | undefined;
  onToggle: (layer: Layer, visible: boolean) => void;
  onMove: (id: number, move: Move | null) => void;
  onOpen: (kind: 'rename' | 'style' | 'groups' | 'delete') => void;
  onZoomTo: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { layer, depth } = row;
  const name = displayName(layer.name);
  const group = isGroup(layer);
  const base = isBaseLayer(layer) && !group;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: layer.id });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const act = (action: () => void) => () => {
    close();
    action();
  };
  const moves = {
    up: moveUp(tree, layer.id),
    down: moveDown(tree, layer.id),
    in: indent(tree, layer.id),
    out: outdent(tree, layer.id),
  };
  const Control = base ? Radio : Checkbox;
  const state = checkState(layer, {});
  const inputId = `editor-layer-${layer.id}`;

  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        minHeight: 40,
        pl: depth * 2.5,
        borderRadius: 1,
        bgcolor: isDragging ? 'action.selected' : undefined,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        size="small"
        {...attributes}
        {...listeners}
        aria-label={t('editor.drag', { name })}
        sx={{ cursor: 'grab', touchAction: 'none', color: 'text.secondary' }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      <Control
        id={inputId}
        size="small"
        checked={layer.visible}
        indeterminate={base ? undefined : state === 'mixed'}
        onChange={(event) => onToggle(layer, base ? true : event.target.checked)}
        slotProps={{ input: { 'aria-label': t('editor.show', { name }) } }}
      />
      {group && <FolderIcon fontSize="small" sx={{ color: 'text.secondary', mr: 0.5 }} aria-hidden />}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          component="label"
          htmlFor={inputId}
          variant="body2"
          sx={{ display: 'block', fontWeight: group ? 500 : 400, overflowWrap: 'anywhere' }}
        >
          {name}
        </Typography>
        {base && <BaseLayerNote />}
        {status?.state === 'error' && (
          <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {status.message}
          </Typography>
        )}
      </Box>
      {layer.user_groups.length > 0 && (
        <Tooltip title={t('editor.restricted', { count: layer.user_groups.length })}>
          <GroupIcon
            fontSize="small"
            color="action"
            role="img"
            aria-hidden={false}
            aria-label={t('editor.restricted', { count: layer.user_groups.length })}
          />
        </Tooltip>
      )}
      {status?.state === 'loading' && (
        <CircularProgress size={16} sx={{ mx: 1 }} aria-label={t('viewer.layerLoading', { name })} />
      )}
      {status?.state === 'error' && (
        <ErrorIcon
          color="error"
          fontSize="small"
          sx={{ mx: 0.5 }}
          role="img"
          aria-hidden={false}
          aria-label={t('viewer.layerError', { name })}
        />
      )}
      <IconButton
        size="small"
        aria-label={t('editor.actions', { name })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem onClick={act(() => onOpen('rename'))}>{t('editor.rename')}</MenuItem>
        {!group && <MenuItem onClick={act(() => onOpen('style'))}>{t('editor.style')}</MenuItem>}
        <MenuItem onClick={act(() => onOpen('groups'))}>{t('editor.userGroups')}</MenuItem>
        {!group && <MenuItem onClick={act(() => onZoomTo(layer.id))}>{t('viewer.zoomToLayer')}</MenuItem>}
        <Divider />
        <MenuItem disabled={!moves.up} onClick={act(() => onMove(layer.id, moves.up))}>
          {t('editor.moveUp')}
        </MenuItem>
        <MenuItem disabled={!moves.down} onClick={act(() => onMove(layer.id, moves.down))}>
          {t('editor.moveDown')}
        </MenuItem>
        <MenuItem disabled={!moves.in} onClick={act(() => onMove(layer.id, moves.in))}>
          {t('editor.indent')}
        </MenuItem>
        <MenuItem disabled={!moves.out} onClick={act(() => onMove(layer.id, moves.out))}>
          {t('editor.outdent')}
        </MenuItem>
        <Divider />
        <MenuItem onClick={act(() => onOpen('delete'))} sx={{ color: 'error.main' }}>
          {t('editor.delete')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
