import { createTheme } from '@mui/material/styles';

/**
 * Orange primary and yellow secondary (docs/product.md, "What the product does"), in
 * shades that keep text readable: white on the deep orange of the light theme is 4.9:1,
 * dark text on the light orange of the dark theme 8:1; both orange shades also read as
 * text on their backgrounds.
 * Yellow only ever carries dark text.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#bf4f00', light: '#f57c00', dark: '#8f3a00', contrastText: '#ffffff' },
        secondary: {
          main: '#f9a825',
          light: '#ffd54f',
          dark: '#c17900',
          contrastText: 'rgba(0, 0, 0, 0.87)',
        },
        background: { default: '#fafafa', paper: '#ffffff' },
      },
    },
    dark: {
      palette: {
        primary: { main: '#ffa726', light: '#ffb74d', dark: '#f57c00', contrastText: 'rgba(0, 0, 0, 0.87)' },
        secondary: {
          main: '#ffd54f',
          light: '#ffe082',
          dark: '#ffca28',
          contrastText: 'rgba(0, 0, 0, 0.87)',
        },
        background: { default: '#121212', paper: '#1e1e1e' },
      },
    },
  },
  typography: {
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  shape: { borderRadius: 8 },
  components: {
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 500 } } },
  },
});

/** localStorage key of the remembered theme choice (docs/decisions.md, "The interface"). */
export const themeStorageKey = 'theme';
