import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';

/** The toolbar spinner: on while any request runs or a route loads. */
export function BusyIndicator() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching + mutating > 0 || navigation.state !== 'idle';

  // The box keeps its width when idle, so the toolbar does not shift.
  return (
    <Box sx={{ width: 40, display: 'flex', justifyContent: 'center', flexShrink: 0 }}>
      {busy && <CircularProgress color="inherit" size={22} thickness={5} aria-label={t('shell.loading')} />}
    </Box>
  );
}
