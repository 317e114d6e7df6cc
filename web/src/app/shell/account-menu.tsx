import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActiveAccount, useChooseAccount } from '../../features/accounts';
import type { MenuLabel, MenuLink } from './menu-items';

const menuId = 'account-menu';

/** The toolbar's account dropdown: every account (choosing one activates it), then its links. */
export function AccountMenu({ label, links }: { label: MenuLabel; links: readonly MenuLink[] }) {
  const { t } = useTranslation();
  const { accounts = [], activeAccount } = useActiveAccount();
  const chooseAccount = useChooseAccount();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleClose = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        endIcon={<ArrowDropDownIcon aria-hidden />}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ maxWidth: 200 }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {activeAccount?.name ?? t(label)}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 360 } } }}
      >
        {accounts.map((account) => (
          <MenuItem
            key={account.id}
            selected={account.id === activeAccount?.id}
            onClick={() => {
              handleClose();
              chooseAccount(account);
            }}
          >
            <ListItemIcon>{account.id === activeAccount?.id && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText slotProps={{ primary: { noWrap: true } }}>{account.name}</ListItemText>
          </MenuItem>
        ))}
        {accounts.length > 0 && <Divider />}
        {links.map((link) => (
          <MenuItem key={link.id} component={Link} to={link.path} onClick={handleClose}>
            <ListItemText inset>{t(link.label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
