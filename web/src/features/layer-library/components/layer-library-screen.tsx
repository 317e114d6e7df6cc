import { type LibraryLayer, type LibraryOrdering, paths, pathTo } from '@geows/contract';
import GroupIcon from '@mui/icons-material/GroupOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { Screen } from '../../../components/ui/screen';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { useActiveAccount } from '../../accounts';
import { useUserGroups } from '../../usergroups';
import { UserGroupsDialog } from '../../viewer';
import { libraryPageSize, useLibrary } from '../api/get-library';
import { useSetLayerGroups } from '../api/set-layer-groups';

const nextOrdering = (current: LibraryOrdering, column: 'name' | 'workspace'): LibraryOrdering =>
  current === column ? `-${column}` : column;

/**
 * /layers: every layer of every workspace of the active account, with its workspace,
 * data source and user groups; searched, sorted and paged by the server. User groups are
 * assigned and removed here as in the editor.
 */
export function LayerLibraryScreen() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const { activeAccount } = useActiveAccount();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [ordering, setOrdering] = useState<LibraryOrdering>('name');
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<LibraryLayer | null>(null);
  const filterKey = `${activeAccount?.id}|${search}`;
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    setPage(0);
  }
  const params = activeAccount ? { account: activeAccount.id, search, ordering, page } : undefined;
  const list = useLibrary(params);
  const groups = useUserGroups(activeAccount?.id);
  const setGroups = useSetLayerGroups();
  useRouteLoading(params !== undefined && list.isPending);
  const rows = list.data?.results ?? [];
  const sortDirection = (column: 'name' | 'workspace') =>
    ordering.endsWith(column) ? (ordering.startsWith('-') ? 'desc' : 'asc') : false;
  const sortBy = (column: 'name' | 'workspace') => {
    setOrdering((current) => nextOrdering(current, column));
    setPage(0);
  };

  return (
    <Screen maxWidth="lg" title={t('library.title')} intro={t('library.intro')}>
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Stack sx={{ p: 2 }}>
          <TextField
            type="search"
            size="small"
            label={t('library.search')}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            sx={{ width: { xs: '100%', sm: 360 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
              htmlInput: { maxLength: 200 },
            }}
          />
        </Stack>
        <Box sx={{ height: 4 }}>{list.isFetching && !list.isPending && <LinearProgress />}</Box>
        <TableContainer sx={{ maxHeight: 'max(360px, calc(100vh - 340px))' }}>
          <Table stickyHeader size="small" aria-label={t('library.table')} sx={{ minWidth: { sm: 720 } }}>
            <TableHead>
              <TableRow>
                <TableCell sortDirection={sortDirection('name')}>
                  <TableSortLabel
                    active={ordering.endsWith('name')}
                    direction={ordering === '-name' ? 'desc' : 'asc'}
                    onClick={() => sortBy('name')}
                  >
                    {t('library.name')}
                  </TableSortLabel>
                </TableCell>
                <TableCell sortDirection={sortDirection('workspace')}>
                  <TableSortLabel
                    active={ordering.endsWith('workspace')}
                    direction={ordering === '-workspace' ? 'desc' : 'asc'}
                    onClick={() => sortBy('workspace')}
                  >
                    {t('library.workspace')}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{t('library.dataSource')}</TableCell>
                <TableCell>{t('library.userGroups')}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('library.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && !list.isPending && (
                <TableRow>
                  <TableCell colSpan={5}>
                    <Typography variant="body2" color="textSecondary" sx={{ py: 2 }}>
                      {search ? t('library.noMatch') : t('library.empty')}
                    </Typography>
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {row.name}
                    {row.parent && (
                      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                        {t('library.inGroup', { name: row.parent.name })}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    <Link component={RouterLink} to={pathTo(paths.workspace, { id: row.workspace.id })}>
                      {row.workspace.name}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>
                    {row.data_source?.name ?? (
                      <Typography variant="body2" component="span" color="textSecondary">
                        {t('library.noSource')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {row.user_groups.length === 0 ? (
                        <Typography variant="body2" component="span" color="textSecondary">
                          {t('library.everyone')}
                        </Typography>
                      ) : (
                        row.user_groups.map((group) => (
                          <Chip key={group.id} size="small" label={group.name} />
                        ))
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    <IconButton
                      aria-label={t('library.editGroups', { name: row.name })}
                      onClick={() => setEditing(row)}
                    >
                      <GroupIcon fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={list.data?.count ?? 0}
          page={list.data ? page : 0}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={libraryPageSize}
          rowsPerPageOptions={[libraryPageSize]}
        />
      </Paper>
      {editing && (
        <UserGroupsDialog
          open
          onClose={() => setEditing(null)}
          busy={setGroups.isPending}
          name={editing.name}
          groups={groups.data ?? []}
          initial={editing.user_groups.map((group) => group.id)}
          onSubmit={(ids) =>
            setGroups.mutate(
              { id: editing.id, groups: ids },
              {
                onSuccess: () => {
                  setEditing(null);
                  show(t('library.saved'));
                },
                onError: (error) => show(errorText(error, t), 'error'),
              },
            )
          }
        />
      )}
    </Screen>
  );
}
