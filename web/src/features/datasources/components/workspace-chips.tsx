import type { Datasource } from '@geows/contract';
import { paths, pathTo } from '@geows/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usingWorkspaces } from '../delete-targets';

/**
 * The workspaces whose layers use a source, as chips; with `linked`, each opens its
 * workspace in the editor, where the layers can be removed.
 */
export function WorkspaceChips({ source, linked = false }: { source: Datasource; linked?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('datasources.usedByList', { name: source.name })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}
    >
      {usingWorkspaces(source).map(({ name, id }, index) => (
        <Box component="li" key={id ?? `${name}-${index}`} sx={{ minWidth: 0, maxWidth: '100%' }}>
          {linked && id !== undefined ? (
            <Chip
              component={Link}
              to={pathTo(paths.editWorkspace, { id })}
              clickable
              label={name}
              aria-label={t('datasources.openWorkspace', { name })}
              size="small"
              color="primary"
              variant="outlined"
              sx={{ maxWidth: '100%' }}
            />
          ) : (
            <Chip label={name} size="small" variant="outlined" sx={{ maxWidth: '100%' }} />
          )}
        </Box>
      ))}
    </Box>
  );
}
