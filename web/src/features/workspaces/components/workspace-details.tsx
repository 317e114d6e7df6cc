import type { Workspace, WorkspaceRights } from '@geows/contract';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const rightsIcon: Record<WorkspaceRights, ReactElement> = {
  admin: <AdminIcon aria-hidden />,
  edit: <EditIcon aria-hidden />,
  view: <ViewIcon aria-hidden />,
};

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography
        component="dt"
        variant="overline"
        color="text.secondary"
        sx={{ display: 'block', lineHeight: 2 }}
      >
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** The workspace's plan and the caller's rights (Admin / Edit / View), until the 3D viewer shows more. */
export function WorkspaceDetails({ workspace, rights }: { workspace: Workspace; rights: WorkspaceRights }) {
  const { t } = useTranslation();
  const rightsLabel = {
    admin: t('workspace.rightsAdmin'),
    edit: t('workspace.rightsEdit'),
    view: t('workspace.rightsView'),
  }[rights];

  return (
    <Paper variant="outlined" sx={{ px: { xs: 2.5, sm: 4 }, py: { xs: 2, sm: 2.5 }, borderRadius: 3 }}>
      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: { xs: 5, sm: 8 }, rowGap: 2, m: 0 }}
      >
        <Fact label={t('workspace.plan')}>
          <Chip color="secondary" label={workspace.plan?.name ?? t('workspace.noPlan')} />
        </Fact>
        <Fact label={t('workspace.rights')}>
          <Chip
            variant="outlined"
            color={rights === 'view' ? 'default' : 'primary'}
            icon={rightsIcon[rights]}
            label={rightsLabel}
          />
        </Fact>
      </Box>
    </Paper>
  );
}
