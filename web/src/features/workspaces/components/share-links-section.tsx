import type { ShareLink, Workspace } from '@geows/contract';
import CodeIcon from '@mui/icons-material/Code';
import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import LinkIcon from '@mui/icons-material/Link';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { ItemList, ItemRow } from '../../../components/ui/item-list';
import { SectionCard } from '../../../components/ui/section-card';
import { useShareLinks } from '../api/get-share-links';
import { useRemoveShareLink } from '../api/remove-share-link';
import { embedCode, formatDate, formatDateTime, isExpired, shareUrl } from '../share-links';
import { ShareLinkForm } from './share-link-form';

/**
 * The workspace's share links, for its admin and editors: each with its label, dates and
 * use, Copy link, Copy embed code and Revoke (after asking); the form makes a new one.
 */
export function ShareLinksSection({ workspace }: { workspace: Workspace }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const { show } = useSnackbar();
  const { data: links = [], isPending } = useShareLinks(workspace.id);
  const removeShareLink = useRemoveShareLink(workspace.id);
  // The link asked about stays while the dialog fades out; `asking` opens and closes it.
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const [asking, setAsking] = useState(false);
  const titleId = useId();
  const textId = useId();

  const copy = async (text: string, done: string) => {
    try {
      await navigator.clipboard.writeText(text);
      show(done);
    } catch {
      show(t('sharing.copyFailed'), 'error');
    }
  };
  const urlOf = (link: ShareLink) => shareUrl(window.location.origin, workspace.id, link.token);
  const labelOf = (link: ShareLink) => link.label || t('sharing.untitled');

  const handleRevoke = async (link: ShareLink) => {
    try {
      await removeShareLink.mutateAsync(link.id);
      show(t('sharing.revoked'));
    } catch (error) {
      show(errorText(error, t), 'error');
    }
    setAsking(false);
  };

  const expiry = (link: ShareLink) => {
    if (link.expires === null) return t('sharing.neverExpires');
    const date = formatDate(link.expires, language);
    return isExpired(link) ? t('sharing.expiredOn', { date }) : t('sharing.expiresOn', { date });
  };

  return (
    <SectionCard title={t('sharing.linksTitle')} intro={t('sharing.linksIntro')}>
      {/* The form and the rows lay out by the section's width: the editor's side panel is narrow at any window size. */}
      <Stack spacing={3} sx={{ containerType: 'inline-size' }}>
        <ShareLinkForm workspaceId={workspace.id} />
        {isPending ? (
          <Skeleton variant="rounded" height={64} />
        ) : links.length === 0 ? (
          <Typography color="textSecondary">{t('sharing.linksEmpty')}</Typography>
        ) : (
          <ItemList label={t('sharing.links')}>
            {links.map((link) => (
              <ItemRow
                key={link.id}
                icon={<LinkIcon aria-hidden />}
                primary={labelOf(link)}
                secondary={
                  <>
                    {/* The address itself, on one line: readable at a glance, copied whole by the button. */}
                    <Box
                      component="span"
                      title={urlOf(link)}
                      sx={{
                        display: 'block',
                        whiteSpace: 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        fontFamily: 'monospace',
                        color: 'text.primary',
                      }}
                    >
                      {urlOf(link)}
                    </Box>
                    {t('sharing.createdOn', { date: formatDate(link.created, language) })}
                    <br />
                    {link.last_used
                      ? t('sharing.lastUsed', { date: formatDateTime(link.last_used, language) })
                      : t('sharing.notUsed')}
                  </>
                }
                meta={
                  <Chip
                    size="small"
                    variant="outlined"
                    color={isExpired(link) ? 'warning' : 'default'}
                    icon={isExpired(link) ? <LinkOffIcon aria-hidden /> : <ScheduleIcon aria-hidden />}
                    label={expiry(link)}
                  />
                }
                actions={
                  <>
                    <IconButton
                      aria-label={t('sharing.copyLink')}
                      title={t('sharing.copyLink')}
                      onClick={() => void copy(urlOf(link), t('sharing.linkCopied'))}
                    >
                      <ContentCopyIcon />
                    </IconButton>
                    <IconButton
                      aria-label={t('sharing.copyEmbed')}
                      title={t('sharing.copyEmbed')}
                      onClick={() =>
                        void copy(embedCode(urlOf(link), workspace.name), t('sharing.embedCopied'))
                      }
                    >
                      <CodeIcon />
                    </IconButton>
                    <IconButton
                      aria-label={t('sharing.revoke')}
                      title={t('sharing.revoke')}
                      color="error"
                      onClick={() => {
                        setRevoking(link);
                        setAsking(true);
                      }}
                    >
                      <LinkOffIcon />
                    </IconButton>
                  </>
                }
              />
            ))}
          </ItemList>
        )}
      </Stack>
      <Dialog
        open={asking}
        onClose={removeShareLink.isPending ? undefined : () => setAsking(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby={titleId}
        aria-describedby={textId}
      >
        <DialogTitle id={titleId}>{t('sharing.revokeTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
            {revoking && t('sharing.revokeText', { label: labelOf(revoking) })}
          </DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setAsking(false)} disabled={removeShareLink.isPending}>
            {t('sharing.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => revoking && void handleRevoke(revoking)}
            disabled={removeShareLink.isPending}
          >
            {t('sharing.revoke')}
          </Button>
        </DialogActions>
      </Dialog>
    </SectionCard>
  );
}
