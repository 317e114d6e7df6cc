import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { RecentActivity } from '../../audit';
import { useAuthUser } from '../../auth';
import { SecuritySection } from '../../mfa';
import { AccountSection } from './account-section';
import { ChangePasswordForm } from './change-password-form';
import { ProfileDetailsForm } from './profile-details-form';

/** The profile (docs/product.md, "Screens"): account, Beveiliging, Profile details, Change password, Recent activity. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const { data: user } = useAuthUser();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 400 }}>
        {t('profile.title')}
      </Typography>
      <Stack spacing={3}>
        <AccountSection user={user} />
        <SecuritySection user={user} />
        <ProfileDetailsForm />
        <ChangePasswordForm username={user?.username} />
        <RecentActivity />
      </Stack>
    </Container>
  );
}
