import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand, useOnDemand } from '../../lib/on-demand';
import type { MenuItem } from './menu-items';

const drawerId = 'navigation-drawer';

/** The drawer's code (MUI's Drawer, Modal, lists) loads when it is first opened, or about to be. */
const panel = onDemand(async () => (await import('./bottom-drawer-panel')).BottomDrawerPanel);
const preload = () => void panel.load().catch(() => {});

/** The menu on small screens: a button opening a temporary drawer from the bottom. */
export function BottomDrawer({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const handleClose = () => setOpen(false);
  const Panel = useOnDemand(panel, open, handleClose);

  return (
    <>
      <IconButton
        color="inherit"
        edge="end"
        aria-label={t('shell.menu')}
        aria-controls={open ? drawerId : undefined}
        aria-expanded={open}
        aria-haspopup="true"
        // A touch starts the download before its click arrives, a mouse when it comes near.
        onPointerDown={preload}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <MenuIcon />
      </IconButton>
      {Panel && <Panel id={drawerId} items={items} open={open} onClose={handleClose} />}
    </>
  );
}
