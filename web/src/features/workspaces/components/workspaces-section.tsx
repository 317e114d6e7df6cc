import type { Account, Workspace } from '@geows/contract';
import { paths, pathTo } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import PublicIcon from '@mui/icons-material/Public';
import SampleIcon from '@mui/icons-material/TravelExploreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { responseBodyText } from '../../../components/form/error-text';
import { EmptyState, ItemList } from '../../../components/ui/item-list';
import { useGrowingCount } from '../../../components/ui/use-growing-count';
import { onDemand, useOnDemand } from '../../../lib/on-demand';
import { useCloneWorkspace } from '../api/clone-workspace';
import { useCreateSampleWorkspace } from '../api/create-sample-workspace';
import { useDeleteWorkspace } from '../api/delete-workspace';
import { useWorkspaces } from '../api/get-workspaces';
import { WorkspaceRow } from './workspace-row';

const noWorkspaces: Workspace[] = [];

/**
 * The Create Workspace dialog, fetched when first opened: its form, validation and MUI's modal
 * are a third of the account page's code, which the page's first screen would otherwise wait for.
 * Once loaded it stays mounted, so that it closes with its transition.
 */
const createWorkspaceDialog = onDemand(
  async () => (await import('./create-workspace-dialog')).CreateWorkspaceDialog,
);

/**
 * The account page's Workspaces list (docs/product.md, "Screens"): a row each, Create
 * Workspace, the empty state; a failed delete or clone is kept as a message in an alert
 * (docs/product.md, "Errors and messages").
 */
export function WorkspacesSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const headingId = useId();
  // A failed read only stops the loading (docs/product.md, "Errors and messages"): the list
  // then shows as empty.
  const { data = noWorkspaces, isPending } = useWorkspaces(account.id);
  // The rows render in the background, in slices that leave the page responsive: a hundred
  // of them at once kept the main thread busy for half a second on a slow machine. Until they
  // are ready the skeleton stays.
  const workspaces = useDeferredValue(data, noWorkspaces);
  const loading = isPending || (workspaces !== data && workspaces === noWorkspaces);
  // Then in slices: the first fill a tall window, the rest follow a few per task.
  const shown = useGrowingCount(workspaces.length, 16, 8);
  const deleteWorkspace = useDeleteWorkspace();
  const cloneWorkspace = useCloneWorkspace();
  const [message, setMessage] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const CreateWorkspaceDialog = useOnDemand(createWorkspaceDialog, creating, () => setCreating(false));
  const createSample = useCreateSampleWorkspace();
  const navigate = useNavigate();

  const handleSample = async () => {
    setMessage(null);
    try {
      const sample = await createSample.mutateAsync(account.id);
      await navigate(pathTo(paths.workspace, { id: sample.id }));
    } catch (error) {
      setMessage(responseBodyText(error, t));
    }
  };
  const sampleButton = (prominent: boolean) => (
    <Button
      variant={prominent ? 'contained' : 'text'}
      startIcon={<SampleIcon />}
      onClick={() => void handleSample()}
      disabled={createSample.isPending}
    >
      {t('account.createSample')}
    </Button>
  );

  // Stable, so that the memoised rows render once each.
  const deleteAsync = deleteWorkspace.mutateAsync;
  const handleDelete = useCallback(
    (workspace: Workspace) => {
      if (!window.confirm(t('account.confirmDeleteWorkspace'))) return;
      setMessage(null);
      void deleteAsync(workspace).catch((error) => setMessage(responseBodyText(error, t)));
    },
    [t, deleteAsync],
  );
  const cloneAsync = cloneWorkspace.mutateAsync;
  const handleClone = useCallback(
    (workspace: Workspace) => {
      setMessage(null);
      void cloneAsync(workspace.id).catch((error) => setMessage(responseBodyText(error, t)));
    },
    [t, cloneAsync],
  );

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2 }}
      >
        <Typography id={headingId} variant="h5" component="h2">
          {t('account.workspaces')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {t('account.createWorkspace')}
        </Button>
      </Stack>
      {message && (
        <Alert severity="error" onClose={() => setMessage(null)} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {message}
        </Alert>
      )}
      {loading ? (
        <Skeleton variant="rounded" height={120} />
      ) : workspaces.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'center' }}>
          <EmptyState icon={<PublicIcon />} text={t('account.noWorkspaces')} />
          <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', maxWidth: 480 }}>
            {t('account.sampleIntro')}
          </Typography>
          {sampleButton(true)}
        </Stack>
      ) : (
        <ItemList label={t('account.workspaces')}>
          {workspaces.slice(0, shown).map((workspace) => (
            <WorkspaceRow
              key={workspace.id}
              workspace={workspace}
              busy={deleteWorkspace.isPending}
              t={t}
              onDelete={handleDelete}
              onClone={handleClone}
            />
          ))}
        </ItemList>
      )}
      {!loading && workspaces.length > 0 && <Box sx={{ mt: 1 }}>{sampleButton(false)}</Box>}
      {CreateWorkspaceDialog && (
        <CreateWorkspaceDialog account={account} open={creating} onClose={() => setCreating(false)} />
      )}
    </Box>
  );
}
