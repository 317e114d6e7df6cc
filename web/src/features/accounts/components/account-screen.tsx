import Stack from '@mui/material/Stack';
import { lazy, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { HiddenUntilFirstScreen } from '../../../components/ui/hidden-until-first-screen';
import { Screen } from '../../../components/ui/screen';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { dropEarlyScreen } from '../../../prerender/early-screen';
import { useWorkspaces, WorkspacesSection } from '../../workspaces';
import { setActiveAccountId } from '../active-account';
import { useAccounts } from '../api/get-accounts';

/**
 * The security events sit below the workspaces, unpainted until the first screen is drawn: their
 * code (a table, pagination, tooltips, menus; a dozen chunks) loads beside the page's data rather
 * than before the page's heading can be drawn.
 */
const AccountActivity = lazy(async () => ({ default: (await import('../../audit')).AccountActivity }));

/**
 * /account/{slug} (docs/product.md, "Screens"): the account's name, its workspaces and,
 * for its admin (the only one who sees the page), its security events.
 * Opening it makes the account active; a slug that is not one of the caller's accounts
 * is not found, whoever it belongs to.
 */
export function AccountScreen() {
  const { t } = useTranslation();
  const { slug } = useParams();
  const { data: accounts, isPending } = useAccounts();
  const account = accounts?.find((candidate) => candidate.slug === slug);
  const workspaces = useWorkspaces(account?.id);
  useRouteLoading(isPending || (Boolean(account) && workspaces.isPending));

  useEffect(() => {
    if (account) setActiveAccountId(account.id);
  }, [account]);
  // The heading the boot script drew before this code ran (prerender/early-screen.ts) gives way to
  // this screen's in the same frame: never both, never neither.
  useLayoutEffect(() => {
    if (!isPending) dropEarlyScreen();
  }, [isPending]);

  if (isPending) return null;
  if (!account) return <NotFound />;
  return (
    <Screen overline={t('menu.account')} title={account.name} intro={account.description}>
      <Stack spacing={3}>
        <WorkspacesSection account={account} />
        {/* Below the workspaces, which replace their skeleton by a long list: shown at once, the
            events would be painted and then pushed down (Lighthouse mobile CLS 0.195). */}
        <HiddenUntilFirstScreen>
          <AccountActivity accountId={account.id} />
        </HiddenUntilFirstScreen>
      </Stack>
    </Screen>
  );
}
