import type { Plan } from '@geows/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';

/**
 * The Plan label of a workspace: 'Plan' and the plan's name (e.g. Trial). Given its list's `t`:
 * react-i18next's hook copies the i18next instance for every component that mounts it.
 */
export function PlanChip({ plan, t }: { plan: Plan | null; t: TFunction }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="textSecondary">
        {t('workspace.plan')}
      </Typography>
      <Chip size="small" color="secondary" label={plan?.name ?? t('workspace.noPlan')} />
    </Stack>
  );
}
