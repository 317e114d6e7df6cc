import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { skipTargets } from '../../lib/skip-targets';

/**
 * The first stop of the Tab key, shown only while it has the focus: past the toolbar to
 * the screen's content, or on the map screens to the map itself.
 */
export function SkipLink({ toMap }: { toMap: boolean }) {
  const { t } = useTranslation();
  const target = toMap ? skipTargets.map : skipTargets.main;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Not by the URL's hash: the shell renders a screen afresh when the hash changes.
    event.preventDefault();
    // A map screen without a map (the workspace was not found) still has its content.
    (document.getElementById(target) ?? document.getElementById(skipTargets.main))?.focus();
  };

  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={handleClick}
      sx={(theme) => ({
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        boxShadow: 4,
        fontWeight: 500,
        // Out of sight until focused; still in the tab order and read by screen readers.
        transform: 'translateY(calc(-100% - 16px))',
        '&:focus': { transform: 'none' },
      })}
    >
      {t(toMap ? 'skipLink.map' : 'skipLink.main')}
    </Box>
  );
}
