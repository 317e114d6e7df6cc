import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The friendly 404 for every path no route matches. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, sm: 10 } }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <TravelExploreIcon aria-hidden sx={{ fontSize: 88, color: 'primary.main', opacity: 0.85 }} />
        <Typography variant="h4" component="h1">
          {t('notFound.title')}
        </Typography>
        <Typography color="textSecondary">{t('notFound.body')}</Typography>
        <Button variant="contained" size="large" component={Link} to="/">
          {t('notFound.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
