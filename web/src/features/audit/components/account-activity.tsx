import { type AuditEvent, accountAuditPageSize } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';
import { useAccountEvents } from '../api/get-account-events';
import { ActivityCards } from './activity-cards';
import { ActivityTable } from './activity-table';

/** Below this width the four columns would squeeze: each event becomes a card. */
const phoneQuery = '(max-width: 760px)';

/** The account page's "Activity": its security events, newest first, a page at a time. */
export function AccountActivity({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const phone = useMediaQuery(phoneQuery, { noSsr: true });
  const { data, isPending, isError, isFetching } = useAccountEvents(accountId, page);
  const rows: AuditEvent[] = data?.results ?? [];
  const count = data?.count ?? 0;

  return (
    <SectionCard title={t('audit.activity')} intro={t('audit.activityIntro')}>
      {isError && <Alert severity="error">{t('audit.loadFailed')}</Alert>}
      {isPending && <Skeleton variant="rounded" height={120} />}
      {data && count === 0 && <Typography color="textSecondary">{t('audit.none')}</Typography>}
      {data && count > 0 && (
        <>
          <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
          {phone ? <ActivityCards rows={rows} /> : <ActivityTable rows={rows} />}
          <TablePagination
            component="div"
            count={count}
            page={Math.min(page, Math.max(0, Math.ceil(count / accountAuditPageSize) - 1))}
            rowsPerPage={accountAuditPageSize}
            rowsPerPageOptions={[accountAuditPageSize]}
            onPageChange={(_, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count: total }) =>
              t('audit.displayedRows', { from, to, count: total })
            }
            getItemAriaLabel={(type) => t(`audit.${type}Page`)}
            sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
          />
        </>
      )}
    </SectionCard>
  );
}
