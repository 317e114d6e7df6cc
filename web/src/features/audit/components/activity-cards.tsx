import type { AuditEvent } from '@geows/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEventRow } from './use-event-row';

/** The account's events on a phone: one block each (what; who, when and from where), no sideways scrolling. */
export function ActivityCards({ rows }: { rows: AuditEvent[] }) {
  const { t } = useTranslation();
  const present = useEventRow();
  return (
    <Stack component="ul" aria-label={t('audit.activity')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((event) => {
        const row = present(event);
        return (
          <Stack
            component="li"
            key={event.id}
            sx={{
              py: 1.25,
              borderBottom: 1,
              borderColor: 'divider',
              minWidth: 0,
              '& > *': { overflowWrap: 'anywhere' },
            }}
          >
            <Typography sx={{ fontWeight: 500, color: row.failed ? 'error.main' : undefined }}>
              {row.title}
            </Typography>
            {row.subject && (
              <Typography variant="body2" color="textSecondary">
                {row.subject}
              </Typography>
            )}
            <Typography variant="body2" color="textSecondary">
              {row.who} · <time dateTime={event.occurred_at}>{row.when}</time>
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {row.from}
            </Typography>
          </Stack>
        );
      })}
    </Stack>
  );
}
