import CheckIcon from '@mui/icons-material/Check';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useActiveAccount, useChooseAccount } from '../../features/accounts';
import type { MenuLabel, MenuLink } from './menu-items';

/**
 * The account dropdown in the bottom drawer: the active account's name opens a sub-list
 * of every account and the dropdown's links. Choosing anything closes the drawer.
 */
export function DrawerAccountList({
  label,
  links,
  onChoose,
}: {
  label: MenuLabel;
  links: readonly MenuLink[];
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const { accounts = [], activeAccount } = useActiveAccount();
  const chooseAccount = useChooseAccount();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const row = { py: 1.25, pl: '60px', pr: 3 };

  return (
    <>
      <ListItemButton
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        sx={{ py: 1.5, px: 3 }}
      >
        <ListItemText
          primary={activeAccount?.name ?? t(label)}
          slotProps={{ primary: { noWrap: true, sx: { fontWeight: 500 } } }}
        />
        {open ? <ExpandLessIcon aria-hidden /> : <ExpandMoreIcon aria-hidden />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding aria-label={t('menu.accounts')} sx={{ bgcolor: 'action.hover' }}>
          {accounts.map((account) => (
            <ListItemButton
              key={account.id}
              selected={account.id === activeAccount?.id}
              onClick={() => {
                onChoose();
                chooseAccount(account);
              }}
              sx={{ ...row, pl: 3 }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                {account.id === activeAccount?.id && <CheckIcon fontSize="small" />}
              </ListItemIcon>
              <ListItemText primary={account.name} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          ))}
          {accounts.length > 0 && <Divider component="li" />}
          {links.map((link) => (
            <ListItemButton key={link.id} component={NavLink} to={link.path} onClick={onChoose} sx={row}>
              <ListItemText primary={t(link.label)} />
            </ListItemButton>
          ))}
        </List>
      </Collapse>
      <Divider component="li" />
    </>
  );
}
