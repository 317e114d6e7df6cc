import type { Plan } from '@geows/contract';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The Plan label of a workspace: 'Plan' and the plan's name (e.g. Trial). */
export function PlanChip({ plan }: { plan: Plan | null }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Typography variant="caption" color="text.secondary">
        {t('workspace.plan')}
      </Typography>
      <Chip size="small" color="secondary" label={plan?.name ?? t('workspace.noPlan')} />
    </Stack>
  );
}
