import LinkOffIcon from '@mui/icons-material/LinkOff';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A share page whose link the API does not know (revoked, expired, mistyped): the API
 * cannot tell these apart (and should not), so one message covers them, with a way onward.
 */
export function ShareLinkGone() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, sm: 10 } }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <LinkOffIcon aria-hidden sx={{ fontSize: 88, color: 'primary.main', opacity: 0.85 }} />
        <Typography variant="h4" component="h1">
          {t('shareLinkGone.title')}
        </Typography>
        <Typography color="textSecondary">{t('shareLinkGone.body')}</Typography>
        <Button variant="contained" size="large" component={Link} to="/">
          {t('shareLinkGone.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
