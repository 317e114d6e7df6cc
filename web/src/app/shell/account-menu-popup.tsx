import CheckIcon from '@mui/icons-material/Check';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActiveAccount, useChooseAccount } from '../../features/accounts';
import type { MenuLink } from './menu-items';

/** The account dropdown's list (account-menu.tsx loads it on demand): every account, then the links. */
export function AccountMenuPopup({
  id,
  anchor,
  links,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  links: readonly MenuLink[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { accounts = [], activeAccount } = useActiveAccount();
  const chooseAccount = useChooseAccount();

  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 360 } } }}
    >
      {accounts.map((account) => (
        <MenuItem
          key={account.id}
          selected={account.id === activeAccount?.id}
          onClick={() => {
            onClose();
            chooseAccount(account);
          }}
        >
          <ListItemIcon>{account.id === activeAccount?.id && <CheckIcon fontSize="small" />}</ListItemIcon>
          <ListItemText slotProps={{ primary: { noWrap: true } }}>{account.name}</ListItemText>
        </MenuItem>
      ))}
      {accounts.length > 0 && <Divider />}
      {links.map((link) => (
        <MenuItem key={link.id} component={Link} to={link.path} onClick={onClose}>
          <ListItemText inset>{t(link.label)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
