import type { MfaMethodName } from '@geows/contract';
import EmailIcon from '@mui/icons-material/MailOutlined';
import PhoneIcon from '@mui/icons-material/PhonelinkLockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One second-factor method: what it is, whether it is on, and the button to change that. */
export function MethodRow({
  method,
  email,
  active,
  disabled,
  onActivate,
  onDeactivate,
}: {
  method: MfaMethodName;
  email: string;
  active: boolean;
  disabled: boolean;
  onActivate: () => void;
  onDeactivate: () => void;
}) {
  const { t } = useTranslation();
  const name = method === 'app' ? t('mfa.app') : t('mfa.email');
  const description = method === 'app' ? t('mfa.appDescription') : t('mfa.emailDescription', { email });
  const Icon = method === 'app' ? PhoneIcon : EmailIcon;

  return (
    <Stack
      component="li"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1.5, sm: 2 }}
      sx={{ alignItems: { xs: 'stretch', sm: 'center' }, py: 2 }}
    >
      <Stack direction="row" spacing={2} sx={{ flex: 1, alignItems: 'flex-start', minWidth: 0 }}>
        <Icon aria-hidden color={active ? 'primary' : 'action'} sx={{ mt: 0.25 }} />
        <Box sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
            <Chip
              size="small"
              label={active ? t('mfa.active') : t('mfa.inactive')}
              color={active ? 'success' : 'default'}
              variant={active ? 'filled' : 'outlined'}
            />
          </Stack>
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {description}
          </Typography>
        </Box>
      </Stack>
      {active ? (
        <Button
          variant="outlined"
          color="error"
          onClick={onDeactivate}
          disabled={disabled}
          aria-label={`${t('mfa.deactivate')}: ${name}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0, ml: { xs: 5, sm: 0 } }}
        >
          {t('mfa.deactivate')}
        </Button>
      ) : (
        <Button
          variant="outlined"
          onClick={onActivate}
          disabled={disabled}
          aria-label={`${t('mfa.activate')}: ${name}`}
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0, ml: { xs: 5, sm: 0 } }}
        >
          {t('mfa.activate')}
        </Button>
      )}
    </Stack>
  );
}
