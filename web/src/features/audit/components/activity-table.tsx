import type { AuditEvent } from '@geows/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEventRow } from './use-event-row';

/** The account's events as a table: When, What, Who, From. */
export function ActivityTable({ rows }: { rows: AuditEvent[] }) {
  const { t } = useTranslation();
  const present = useEventRow();
  return (
    <Table size="small" sx={{ '& th, & td': { verticalAlign: 'top', overflowWrap: 'anywhere' } }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: '17%' }}>{t('audit.when')}</TableCell>
          <TableCell sx={{ width: '43%' }}>{t('audit.what')}</TableCell>
          <TableCell sx={{ width: '17%' }}>{t('audit.who')}</TableCell>
          <TableCell>{t('audit.from')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((event) => {
          const row = present(event);
          return (
            <TableRow key={event.id}>
              <TableCell>
                <time dateTime={event.occurred_at}>{row.when}</time>
              </TableCell>
              <TableCell>
                <Typography
                  variant="body2"
                  sx={{ fontWeight: 500, color: row.failed ? 'error.main' : undefined }}
                >
                  {row.title}
                </Typography>
                {row.subject && (
                  <Typography variant="body2" color="textSecondary">
                    {row.subject}
                  </Typography>
                )}
              </TableCell>
              <TableCell>{row.who}</TableCell>
              <TableCell>{row.from}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
