import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand, useOnDemand } from '../../lib/on-demand';

const menuId = 'language-menu';

/** The menu's code (MUI's Menu, Popover, Modal) loads when it is first opened, or about to be. */
const popup = onDemand(async () => (await import('./language-menu-popup')).LanguageMenuPopup);
const preload = () => void popup.load().catch(() => {});

/** Picks the interface language; the choice is remembered for the next visit. */
export function LanguageMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const Popup = useOnDemand(popup, Boolean(anchor), () => setAnchor(null));

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('shell.language')}
        title={t('shell.language')}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      {Popup && <Popup id={menuId} anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
