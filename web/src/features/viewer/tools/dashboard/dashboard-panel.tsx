import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolPanelProps } from '../tool';
import { ToolPanelHeader } from '../tool-panel-header';
import { useDashboardRefuses } from './dashboard-check';
import { isThisSite } from './dashboard-site';
import { dashboardHost } from './dashboard-url';

/**
 * What the dashboard's frame may do (RUNTIME.md, `bi`): run its scripts on its own origin,
 * send forms, open pop-ups and downloads; never navigate this page (no
 * `allow-top-navigation` of any kind).
 */
export const dashboardSandbox = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

/**
 * How long the frame may take to load before the panel says it may be refused. A page
 * cannot see why a frame of another site stays empty (browsers fire `load` also for a
 * page that refuses to be framed), so the server is asked whether the dashboard allows
 * it; when it cannot tell, this wait is all there is, and the text says what may be
 * wrong rather than what is.
 */
export const dashboardLoadTimeoutMs = 8000;

/** The dashboard in a sandboxed frame, with its host as the heading and a link that opens it in a tab of its own. */
export function DashboardPanel({ plugins, workspace, token, onClose }: ToolPanelProps) {
  const url = plugins.bi.url;
  // A new address is a new frame, with its own wait.
  return <DashboardFrame key={url} url={url} workspace={workspace.id} token={token} onClose={onClose} />;
}

function DashboardFrame({
  url,
  workspace,
  token,
  onClose,
}: {
  url: string;
  workspace: number;
  token: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const host = dashboardHost(url);
  const ownSite = isThisSite(url);
  const refuses = useDashboardRefuses(workspace, url, token, !ownSite);
  const [loaded, setLoaded] = useState(false);
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (loaded) return;
    const timer = window.setTimeout(() => setLate(true), dashboardLoadTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [loaded]);

  const openLink = (
    <Button
      size="small"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      endIcon={<OpenInNewIcon fontSize="small" />}
      sx={{ flexShrink: 0 }}
    >
      {t('dashboard.openInNewTab')}
    </Button>
  );

  if (ownSite)
    return (
      <>
        <ToolPanelHeader title={host} closeLabel={t('dashboard.close')} onClose={onClose} />
        <Alert severity="warning" sx={{ m: 2, flexShrink: 0 }}>
          {t('dashboard.thisSite')}
        </Alert>
      </>
    );

  // The frame would stay blank: the message takes its place.
  if (refuses)
    return (
      <>
        <ToolPanelHeader
          title={host}
          actions={openLink}
          closeLabel={t('dashboard.close')}
          onClose={onClose}
        />
        <Alert severity="info" sx={{ m: 2, flexShrink: 0 }}>
          {t('dashboard.refused')}
          <Box sx={{ mt: 1.5 }}>
            <Button
              variant="outlined"
              size="small"
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewIcon fontSize="small" />}
            >
              {t('dashboard.openInNewTab')}
            </Button>
          </Box>
        </Alert>
      </>
    );

  return (
    <>
      <ToolPanelHeader title={host} actions={openLink} closeLabel={t('dashboard.close')} onClose={onClose} />
      {!loaded && !late && <LinearProgress aria-label={t('dashboard.loading')} sx={{ flexShrink: 0 }} />}
      {!loaded && late && (
        <Alert severity="info" sx={{ borderRadius: 0, flexShrink: 0 }}>
          {t('dashboard.notShown')}{' '}
          <a href={url} target="_blank" rel="noopener noreferrer">
            {t('dashboard.openInNewTab')}
          </a>
        </Alert>
      )}
      <Box sx={{ flex: 1, minHeight: 0, bgcolor: '#fff' }}>
        <iframe
          src={url}
          title={t('dashboard.frameTitle', { host })}
          sandbox={dashboardSandbox}
          referrerPolicy="strict-origin-when-cross-origin"
          allow="fullscreen"
          onLoad={() => setLoaded(true)}
          style={{ display: 'block', width: '100%', height: '100%', border: 0 }}
        />
      </Box>
    </>
  );
}
