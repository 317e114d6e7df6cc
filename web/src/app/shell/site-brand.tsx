import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SiteBranding } from '../../features/sites';

/** The site's logo, or the default logo with the site name; links home. */
export function SiteBrand({ branding }: { branding: SiteBranding }) {
  const { t } = useTranslation();
  const { ready, name, logo, defaultLogo } = branding;

  return (
    <Box
      component={Link}
      to="/"
      aria-label={t('shell.homeLink', { siteName: name })}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        minWidth: 0,
        color: 'inherit',
        textDecoration: 'none',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid currentColor', outlineOffset: 2 },
      }}
    >
      {!ready ? (
        // As tall as the default logo's disc (32 px and its padding): the link, centred in the
        // bar, does not move when the site's answer replaces it.
        <Skeleton variant="rounded" width={160} height={38} sx={{ bgcolor: 'rgba(255, 255, 255, 0.25)' }} />
      ) : logo ? (
        <Box component="img" src={logo} alt={name} sx={{ height: 40, maxWidth: 220, objectFit: 'contain' }} />
      ) : (
        <>
          {/* A light disc keeps the orange globe visible on the orange bar. */}
          <Box
            sx={{ display: 'flex', flexShrink: 0, p: '3px', borderRadius: '50%', bgcolor: 'common.white' }}
          >
            <Box component="img" src={defaultLogo} alt="" sx={{ width: 32, height: 32 }} />
          </Box>
          <Typography variant="h6" component="span" noWrap sx={{ fontWeight: 500, letterSpacing: 0.2 }}>
            {name}
          </Typography>
        </>
      )}
    </Box>
  );
}
