import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';

/** The one-time backup codes, shown once, with Copy and Download (.txt). */
export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const text = `${codes.join('\n')}\n`;

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      show(t('mfa.copied'));
    } catch (error) {
      show(String(error), 'error');
    }
  };

  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t('mfa.downloadName');
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {t('mfa.backupTitle')}
      </Typography>
      <Alert severity="warning" variant="outlined">
        {t('mfa.backupIntro')}
      </Alert>
      <Box
        component="ul"
        aria-label={t('mfa.backupCodes')}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, 1fr)' },
          gap: 1.5,
          bgcolor: 'action.hover',
          borderRadius: 2,
          fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: '0.95rem',
          textAlign: 'center',
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<ContentCopyIcon aria-hidden />} onClick={handleCopy}>
          {t('mfa.copy')}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon aria-hidden />} onClick={handleDownload}>
          {t('mfa.download')}
        </Button>
        <Button variant="contained" onClick={onDone} sx={{ ml: 'auto' }}>
          {t('mfa.done')}
        </Button>
      </Stack>
    </Stack>
  );
}
