import { paths, pathTo, type Workspace } from '@geows/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PublicIcon from '@mui/icons-material/Public';
import OpenIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MuiLink from '@mui/material/Link';
import type { TFunction } from 'i18next';
import { memo } from 'react';
import { Link } from 'react-router';
import { ItemRow } from '../../../components/ui/item-list';
import { PlanChip } from './plan-chip';

/**
 * One workspace on the account page: its name (a link to the map), Plan label, Open, Edit,
 * Delete, and the hidden clone button. Memoised, with the list's `t` and handlers that name the
 * workspace: a list that grows re-renders only its new rows, and a hundred rows do not each mount
 * react-i18next's hook (a copy of the i18next instance each, ≈ a quarter of their render time).
 */
export const WorkspaceRow = memo(function WorkspaceRow({
  workspace,
  busy,
  t,
  onDelete,
  onClone,
}: {
  workspace: Workspace;
  busy: boolean;
  t: TFunction;
  onDelete: (workspace: Workspace) => void;
  onClone: (workspace: Workspace) => void;
}) {
  const viewer = pathTo(paths.workspace, { id: workspace.id });
  return (
    <ItemRow
      icon={<PublicIcon aria-hidden />}
      primary={
        <MuiLink component={Link} to={viewer} color="inherit" underline="hover">
          {workspace.name}
        </MuiLink>
      }
      secondary={workspace.description}
      meta={<PlanChip plan={workspace.plan} t={t} />}
      actions={
        <>
          <Button
            variant="contained"
            size="small"
            disableElevation
            component={Link}
            to={viewer}
            startIcon={<OpenIcon aria-hidden />}
          >
            {t('account.open')}
          </Button>
          <Button
            variant="outlined"
            size="small"
            component={Link}
            to={pathTo(paths.editWorkspace, { id: workspace.id })}
            startIcon={<EditIcon aria-hidden />}
          >
            {t('account.edit')}
          </Button>
          <IconButton
            aria-label={t('account.delete')}
            title={t('account.delete')}
            onClick={() => onDelete(workspace)}
            disabled={busy}
          >
            <DeleteIcon />
          </IconButton>
          {/* The clone button exists but is hidden (docs/product.md, "Screens"): a plain button,
              since a hundred hidden Material buttons cost render time for nothing. */}
          <button type="button" hidden aria-hidden tabIndex={-1} onClick={() => onClone(workspace)}>
            <ContentCopyIcon />
          </button>
        </>
      }
    />
  );
});
