import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { type Language, languages, rememberLanguage, toLanguage } from '../../i18n/languages';

/** The language menu's list (language-menu.tsx loads it on demand); choosing is remembered for the next visit. */
export function LanguageMenuPopup({
  id,
  anchor,
  onClose,
}: {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const current = toLanguage(i18n.resolvedLanguage);

  const handleChoose = (language: Language) => {
    onClose();
    rememberLanguage(language);
    void i18n.changeLanguage(language);
  };

  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
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
  );
}
