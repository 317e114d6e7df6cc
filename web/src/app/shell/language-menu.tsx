import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language, languages, rememberLanguage, toLanguage } from '../../i18n/languages';

const menuId = 'language-menu';

/** Picks the interface language; the choice is remembered for the next visit. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = toLanguage(i18n.resolvedLanguage);

  const handleChoose = (language: Language) => {
    setAnchor(null);
    rememberLanguage(language);
    void i18n.changeLanguage(language);
  };

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('shell.language')}
        title={t('shell.language')}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <TranslateIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === current}
            onClick={() => handleChoose(language)}
          >
            <ListItemIcon>{language === current && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{t(`languages.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
