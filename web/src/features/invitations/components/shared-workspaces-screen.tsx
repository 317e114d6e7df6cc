import { paths, pathTo } from '@geows/contract';
import PublicIcon from '@mui/icons-material/Public';
import ShareIcon from '@mui/icons-material/ShareOutlined';
import ViewIcon from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ItemList, ItemRow } from '../../../components/ui/item-list';
import { Screen } from '../../../components/ui/screen';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { useMyInvitations } from '../api/get-my-invitations';
import { formatDate } from '../format-date';

/** /shared (docs/product.md, "Screens"): a row per invitation with the workspace and View. */
export function SharedWorkspacesScreen() {
  const { t, i18n } = useTranslation();
  // A failed read only stops the loading (docs/product.md, "Errors and messages"): the list
  // then shows as empty.
  const { data: invitations = [], isPending } = useMyInvitations();
  useRouteLoading(isPending);

  return (
    <Screen title={t('sharedWorkspaces.title')} intro={t('sharedWorkspaces.intro')}>
      {isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : invitations.length === 0 ? (
        <EmptyState icon={<ShareIcon />} text={t('sharedWorkspaces.empty')} />
      ) : (
        <ItemList label={t('sharedWorkspaces.title')}>
          {invitations.map((invitation) => (
            <ItemRow
              key={invitation.id}
              icon={<PublicIcon aria-hidden />}
              primary={invitation.workspace.name}
              secondary={t('invitations.invited', {
                date: formatDate(invitation.created, i18n.resolvedLanguage ?? 'en'),
              })}
              actions={
                <Button
                  variant="outlined"
                  size="small"
                  component={Link}
                  to={pathTo(paths.workspace, { id: invitation.workspace.id })}
                  startIcon={<ViewIcon aria-hidden />}
                >
                  {t('sharedWorkspaces.view')}
                </Button>
              }
            />
          ))}
        </ItemList>
      )}
    </Screen>
  );
}
