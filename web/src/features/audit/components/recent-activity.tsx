import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';
import { useMyEvents } from '../api/get-my-events';
import { eventSource, eventSubject, eventTime, eventTitle } from '../event-text';

/**
 * The profile's "Recent activity": the user's last 20 security events, newest first, each
 * on two lines (what; when and from where), so it reads the same on a phone.
 */
export function RecentActivity() {
  const { t, i18n } = useTranslation();
  const { data, isPending, isError } = useMyEvents();
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <SectionCard title={t('audit.recentActivity')} intro={t('audit.recentIntro')}>
      {isError && <Alert severity="error">{t('audit.loadFailed')}</Alert>}
      {isPending && (
        <Stack spacing={1}>
          <Skeleton width="70%" />
          <Skeleton width="50%" />
        </Stack>
      )}
      {data && data.results.length === 0 && <Typography color="textSecondary">{t('audit.none')}</Typography>}
      {data && data.results.length > 0 && (
        <Stack component="ul" aria-label={t('audit.recentActivity')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.results.map((event) => {
            const subject = eventSubject(event, t);
            return (
              <Stack
                component="li"
                key={event.id}
                sx={{
                  py: 1.25,
                  borderBottom: 1,
                  borderColor: 'divider',
                  '&:last-of-type': { borderBottom: 0 },
                  minWidth: 0,
                }}
              >
                <Typography sx={{ overflowWrap: 'anywhere' }}>
                  <Typography
                    component="span"
                    sx={{ fontWeight: 500, color: event.kind === 'login_failed' ? 'error.main' : undefined }}
                  >
                    {eventTitle(event, t)}
                  </Typography>
                  {subject && (
                    <Typography component="span" color="textSecondary">
                      {` · ${subject}`}
                    </Typography>
                  )}
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
                  <time dateTime={event.occurred_at}>{eventTime(event.occurred_at, language)}</time>
                  {` · ${eventSource(event, t)}`}
                </Typography>
              </Stack>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}
