import { paths, pathTo } from '@geows/contract';
import EditIcon from '@mui/icons-material/EditOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useParams } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../components/form/error-text';
import { NotFound } from '../../../components/not-found';
import { Screen } from '../../../components/ui/screen';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { InviteSection } from '../../invitations';
import { useWorkspace } from '../api/get-workspace';
import { canEdit } from '../rights';
import { DetailsSection } from './details-section';
import { EditorsSection } from './editors-section';
import { ShareLinksSection } from './share-links-section';
import { WorkspaceDetails } from './workspace-details';

const toId = (value: string | undefined) => (value && /^[1-9]\d*$/.test(value) ? Number(value) : undefined);

/**
 * /workspace/{id} (editor) and /workspace/view/{id} (viewer). Until the 3D viewer
 * arrives: the workspace's name, description, plan and the caller's rights, and for
 * admins and editors the invitations. On the editor route admins and editors also
 * change the name and description, manage share links and see the editors (the admin
 * adds and removes them). Outside the caller's reach: not found.
 */
export function WorkspaceScreen() {
  const { t } = useTranslation();
  const id = toId(useParams().id);
  const viewing = Boolean(useMatch(paths.workspace));
  const { data: workspace, error, isPending } = useWorkspace(id);
  useRouteLoading(id !== undefined && isPending);

  if (id === undefined || (error instanceof ApiError && error.status === 404)) return <NotFound />;
  if (error) {
    return (
      <Screen title={t('workspace.overline')}>
        <Alert severity="error">{errorText(error, t)}</Alert>
      </Screen>
    );
  }
  if (!workspace) return null;

  const { rights } = workspace;
  const action = viewing ? (
    canEdit(rights) && (
      <Button
        variant="outlined"
        component={Link}
        to={pathTo(paths.editWorkspace, { id })}
        startIcon={<EditIcon />}
      >
        {t('workspace.edit')}
      </Button>
    )
  ) : (
    <Button variant="outlined" component={Link} to={pathTo(paths.workspace, { id })} startIcon={<ViewIcon />}>
      {t('workspace.view')}
    </Button>
  );

  return (
    <Screen
      overline={t('workspace.overline')}
      title={workspace.name}
      intro={workspace.description || t('workspace.noDescription')}
      action={action}
    >
      <Stack spacing={3}>
        <WorkspaceDetails workspace={workspace} rights={rights} />
        {!viewing && canEdit(rights) && (
          <>
            <DetailsSection workspace={workspace} />
            <ShareLinksSection workspace={workspace} />
            <EditorsSection workspace={workspace} />
          </>
        )}
        {canEdit(rights) && <InviteSection workspaceId={workspace.id} />}
      </Stack>
    </Screen>
  );
}
