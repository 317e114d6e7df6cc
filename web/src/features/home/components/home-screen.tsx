import { paths } from '@geows/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteBranding } from '../../sites';

/** The public home page: what the product is, and the way in. */
export function HomeScreen() {
  const { t } = useTranslation();
  const { ready, name, defaultLogo } = useSiteBranding();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 6, md: 12 }, flex: 1, display: 'flex', alignItems: 'center' }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={{ xs: 4, md: 8 }}
        useFlexGap
        sx={{ alignItems: 'center' }}
      >
        <Stack spacing={3} sx={{ flex: 1, alignItems: 'flex-start' }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 300 }}>
            {ready ? name : <Skeleton width="8em" />}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            {t('home.intro')}
          </Typography>
          <Button variant="contained" size="large" component={Link} to={paths.login} sx={{ px: 4 }}>
            {t('home.login')}
          </Button>
        </Stack>
        <Box
          component="img"
          src={defaultLogo}
          alt=""
          sx={{ width: { xs: 140, md: 220 }, height: 'auto', order: { xs: -1, md: 0 }, opacity: 0.95 }}
        />
      </Stack>
    </Container>
  );
}
