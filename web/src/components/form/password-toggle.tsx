import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextBoxProps } from './text-box';

/** What makes a text box a password field: its type, and a button at its end that shows what was typed. */
export function usePasswordToggle(): Required<Pick<TextBoxProps, 'type' | 'slotProps'>> {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const label = visible ? t('shell.hidePassword') : t('shell.showPassword');

  return {
    type: visible ? 'text' : 'password',
    slotProps: {
      input: {
        endAdornment: (
          <InputAdornment position="end">
            {/* Named by its title, not aria-label: a field lookup by the label 'Password' must find only the field. */}
            <IconButton
              title={label}
              aria-pressed={visible}
              edge="end"
              onClick={() => setVisible((value) => !value)}
              onMouseDown={(event) => event.preventDefault()}
            >
              {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
            </IconButton>
          </InputAdornment>
        ),
      },
    },
  };
}
