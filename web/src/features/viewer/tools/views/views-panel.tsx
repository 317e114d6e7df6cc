import { pluginLimits, readWorkspacePlugins, type SavedView } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import LinkIcon from '@mui/icons-material/Link';
import MoreIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { SaveProblemAlert } from '../save-problem-alert';
import type { ToolPanelProps } from '../tool';
import { ToolPanelHeader } from '../tool-panel-header';
import { useSavePlugin } from '../use-save-plugin';
import { applyView } from './apply-view';
import { addView, canAddView, moveView, newViewId, removeView, renameView, viewOfState } from './saved-views';
import { viewLink } from './view-link';
import { DeleteViewDialog, ViewTitleDialog } from './view-title-dialog';

type OpenDialog = { kind: 'add' } | { kind: 'rename'; view: SavedView } | { kind: 'delete'; view: SavedView };

/** The view a page was opened at (`?view=`): shown as the chosen one until another is. */

/**
 * The workspace's saved views: choosing one flies there with its layers and divider; each
 * has a link that opens the map at it. The workspace's admin and editors add the map as it
 * stands, rename, reorder and delete; everyone else (the share page too) only chooses and
 * copies links.
 */
export function ViewsPanel(props: ToolPanelProps) {
  const { workspace, token, engine, canEdit, onClose } = props;
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  // The list as last saved here: of two quick moves, the second saves on the version the first answered.
  const { current, save, saving, locked, problem, clearProblem, reload } = useSavePlugin(workspace, 'views', {
    token,
  });
  const views = readWorkspacePlugins(current.workspacePlugins).views;
  const [chosen, setChosen] = useState<string | undefined>(props.openingView);
  const [dialog, setDialog] = useState<OpenDialog | undefined>(undefined);

  const handleChoose = (view: SavedView) => {
    setChosen(String(view.id));
    applyView(props, view);
  };

  const handleCopy = async (view: SavedView) => {
    const link = viewLink(window.location.origin, window.location.pathname, String(view.id));
    try {
      await navigator.clipboard.writeText(link);
      snackbar.show(t('views.linkCopied', { title: view.title }));
    } catch {
      // No clipboard (an insecure page, a refused permission): the link itself, to copy by hand.
      snackbar.show(t('views.copyFailed', { link }), 'error');
    }
  };

  const saveAndSay = async (next: SavedView[], done: string) => {
    const saved = await save(next);
    // A refusal shows above the list, where the dialog would hide it.
    setDialog(undefined);
    if (saved) snackbar.show(done);
    return saved;
  };

  const handleAdd = async (title: string) => {
    if (!engine) return;
    const view = viewOfState(newViewId(views), title, {
      camera: engine.getCamera(),
      visible: props.visibleLayers,
      split: props.split,
    });
    if (await saveAndSay(addView(views, view), t('views.added'))) setChosen(String(view.id));
  };

  const add = canEdit && (
    <Button
      size="small"
      startIcon={<AddIcon />}
      onClick={() => setDialog({ kind: 'add' })}
      disabled={!engine || locked || !canAddView(views)}
      sx={{ flexShrink: 0 }}
    >
      {t('views.add')}
    </Button>
  );

  return (
    <>
      <ToolPanelHeader
        title={t('views.name')}
        actions={add}
        closeLabel={t('views.close')}
        onClose={onClose}
      />
      {saving && <LinearProgress aria-label={t('views.saving')} sx={{ flexShrink: 0 }} />}
      {problem && (
        <SaveProblemAlert
          problem={problem}
          onReload={() => void reload()}
          onClose={clearProblem}
          sx={{ borderRadius: 0, flexShrink: 0 }}
        />
      )}
      <Box sx={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {views.length === 0 ? (
          <Box sx={{ p: 2 }}>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {t('views.emptyIntro')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {canEdit ? t('views.emptyEditor') : t('views.emptyReader')}
            </Typography>
          </Box>
        ) : (
          <List aria-label={t('views.name')} dense disablePadding>
            {views.map((view, index) => (
              <ViewRow
                key={String(view.id)}
                view={view}
                chosen={chosen === String(view.id)}
                first={index === 0}
                last={index === views.length - 1}
                canEdit={canEdit}
                locked={locked}
                onChoose={() => handleChoose(view)}
                onCopy={() => void handleCopy(view)}
                onMove={(by) => void save(moveView(views, view.id, by))}
                onRename={() => setDialog({ kind: 'rename', view })}
                onDelete={() => setDialog({ kind: 'delete', view })}
              />
            ))}
          </List>
        )}
        {canEdit && !canAddView(views) && (
          <Typography variant="body2" color="textSecondary" sx={{ p: 2 }}>
            {t('views.limitReached', { max: pluginLimits.views })}
          </Typography>
        )}
      </Box>
      {dialog?.kind === 'add' && (
        <ViewTitleDialog
          heading={t('views.addTitle')}
          intro={t('views.addIntro')}
          initialTitle=""
          busy={saving}
          onSave={(title) => void handleAdd(title)}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'rename' && (
        <ViewTitleDialog
          heading={t('views.renameTitle')}
          initialTitle={dialog.view.title}
          busy={saving}
          onSave={(title) => void saveAndSay(renameView(views, dialog.view.id, title), t('views.renamed'))}
          onClose={() => setDialog(undefined)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteViewDialog
          title={dialog.view.title}
          busy={saving}
          onConfirm={() => void saveAndSay(removeView(views, dialog.view.id), t('views.deleted'))}
          onClose={() => setDialog(undefined)}
        />
      )}
    </>
  );
}

function ViewRow({
  view,
  chosen,
  first,
  last,
  canEdit,
  locked,
  onChoose,
  onCopy,
  onMove,
  onRename,
  onDelete,
}: {
  view: SavedView;
  chosen: boolean;
  first: boolean;
  last: boolean;
  canEdit: boolean;
  locked: boolean;
  onChoose: () => void;
  onCopy: () => void;
  onMove: (by: -1 | 1) => void;
  onRename: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const { title } = view;
  const summary = [
    t('views.layers', { count: view.visible.length }),
    ...(view.split === null ? [] : [t('views.divider', { percent: Math.round(view.split * 100) })]),
  ].join(' · ');
  const closeMenuAnd = (action: () => void) => () => {
    setMenuAnchor(null);
    action();
  };

  return (
    <ListItem
      disablePadding
      divider
      // The whole row, its buttons too, marks the view chosen last.
      sx={{ pr: 0.5, gap: 0.25, bgcolor: chosen ? 'action.selected' : undefined }}
    >
      <ListItemButton aria-current={chosen || undefined} onClick={onChoose} sx={{ minWidth: 0 }}>
        <ListItemText
          primary={title}
          secondary={summary}
          slotProps={{ primary: { noWrap: true, title }, secondary: { noWrap: true } }}
        />
      </ListItemButton>
      <IconButton size="small" aria-label={t('views.copyLink', { title })} onClick={onCopy}>
        <LinkIcon fontSize="small" />
      </IconButton>
      {canEdit && (
        <>
          <IconButton
            size="small"
            aria-label={t('views.moveUp', { title })}
            disabled={first || locked}
            onClick={() => onMove(-1)}
          >
            <ArrowUpIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('views.moveDown', { title })}
            disabled={last || locked}
            onClick={() => onMove(1)}
          >
            <ArrowDownIcon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('views.more', { title })}
            aria-haspopup="menu"
            aria-expanded={menuAnchor !== null}
            disabled={locked}
            onClick={(event) => setMenuAnchor(event.currentTarget)}
          >
            <MoreIcon fontSize="small" />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
            <MenuItem onClick={closeMenuAnd(onRename)}>{t('views.rename')}</MenuItem>
            <MenuItem onClick={closeMenuAnd(onDelete)} sx={{ color: 'error.main' }}>
              {t('views.delete')}
            </MenuItem>
          </Menu>
        </>
      )}
    </ListItem>
  );
}
