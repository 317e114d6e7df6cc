import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveAccount } from '../../features/accounts';
import { onDemand, useOnDemand } from '../../lib/on-demand';
import type { MenuLabel, MenuLink } from './menu-items';

const menuId = 'account-menu';

/** The dropdown's code (MUI's Menu, Popover, Modal) loads when it is first opened, or about to be. */
const popup = onDemand(async () => (await import('./account-menu-popup')).AccountMenuPopup);
const preload = () => void popup.load().catch(() => {});

/** The toolbar's account dropdown: every account (choosing one activates it), then its links. */
export function AccountMenu({ label, links }: { label: MenuLabel; links: readonly MenuLink[] }) {
  const { t } = useTranslation();
  const { activeAccount } = useActiveAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleClose = () => setAnchor(null);
  const Popup = useOnDemand(popup, Boolean(anchor), handleClose);

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon aria-hidden />}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ maxWidth: 200 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {activeAccount?.name ?? t(label)}
        </Box>
      </Button>
      {Popup && <Popup id={menuId} anchor={anchor} links={links} onClose={handleClose} />}
    </>
  );
}
