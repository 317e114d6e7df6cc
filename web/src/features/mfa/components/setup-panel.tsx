import type { MfaMethodName } from '@geows/contract';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FocusEvent, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from './code-form';

const QrCode = lazy(() => import('./qr-code'));

/** Setting up a method: the QR code and key (app) or the mailed-code notice (e-mail), then a code. */
export function SetupPanel({
  method,
  details,
  secret,
  onConfirm,
  onCancel,
}: {
  method: MfaMethodName;
  details: string;
  secret: string | undefined;
  onConfirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();

  return (
    <Stack spacing={2.5}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {method === 'app' ? t('mfa.setupAppTitle') : t('mfa.setupEmailTitle')}
      </Typography>
      {method === 'app' ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <Suspense fallback={<Skeleton variant="rounded" width={224} height={224} />}>
            <QrCode value={details} label={t('mfa.qrLabel')} />
          </Suspense>
          <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
            <Typography color="textSecondary">{t('mfa.scanQr')}</Typography>
            {secret && (
              <TextField
                label={t('mfa.secret')}
                value={secret}
                size="small"
                fullWidth
                // Wraps on narrow screens instead of hiding the end of the key.
                multiline
                slotProps={{
                  htmlInput: {
                    readOnly: true,
                    spellCheck: false,
                    style: {
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                      wordBreak: 'break-all',
                    },
                    onFocus: (event: FocusEvent<HTMLTextAreaElement>) => event.target.select(),
                  },
                }}
              />
            )}
          </Stack>
        </Stack>
      ) : (
        <Typography color="textSecondary">{details}</Typography>
      )}
      <CodeForm submitLabel={t('mfa.confirm')} onSubmit={onConfirm} onCancel={onCancel} />
    </Stack>
  );
}
