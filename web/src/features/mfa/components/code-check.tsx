import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeForm } from './code-form';

/**
 * A step that asks for a current code before a change to the second factors (adding a
 * second method, turning one off): a title, why, a 'send code' button when the e-mail
 * method can deliver one, and the code form.
 */
export function CodeCheck({
  title,
  intro,
  onSendCode,
  sending,
  ...form
}: {
  title: string;
  intro: string;
  /** Present when a code can be mailed for this check. */
  onSendCode: (() => void) | undefined;
  sending: boolean;
} & ComponentProps<typeof CodeForm>) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      <Typography color="textSecondary">{intro}</Typography>
      {onSendCode && (
        <Button variant="outlined" onClick={onSendCode} disabled={sending} sx={{ alignSelf: 'flex-start' }}>
          {t('mfa.sendCode')}
        </Button>
      )}
      <CodeForm {...form} />
    </Stack>
  );
}
