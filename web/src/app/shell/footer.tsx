import { productName } from '@geows/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/** Stands in for the address while translating, so the link can sit wherever a language puts it. */
const marker = '\u0000email\u0000';

/** The support line and copyright; hidden on every route whose path contains 'workspace'. */
export function Footer({ email, hidden = false }: { email: string; hidden?: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (pathname.includes('workspace')) return null;

  const [before, after] = t('shell.support', { email: marker }).split(marker);
  return (
    <Box
      component="footer"
      aria-hidden={hidden || undefined}
      sx={{
        visibility: hidden ? 'hidden' : 'visible',
        py: 3,
        px: 2,
        textAlign: 'center',
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      {email && (
        <Typography variant="body2" color="textSecondary">
          {before}
          <Link href={`mailto:${email}`} color="inherit" underline="always">
            {email}
          </Link>
          {after}
        </Typography>
      )}
      <Typography variant="body2" color="textSecondary" sx={{ mt: email ? 0.5 : 0 }}>
        {t('shell.copyright', { year: new Date().getFullYear(), productName })}
      </Typography>
    </Box>
  );
}
