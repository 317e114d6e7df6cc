import { type Datasource, type DatasourceOrdering, limits, paths, pathTo } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
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
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { Screen } from '../../../components/ui/screen';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { useActiveAccount } from '../../accounts';
import { useDeleteDatasource, useDeleteDatasources } from '../api/delete-datasource';
import { useDatasourceTypes } from '../api/get-datasource-types';
import { useDatasources } from '../api/get-datasources';
import { formatLongDate } from '../format-date';
import { DeleteDialog } from './delete-dialog';

/** How long typing must pause before the search goes to the server. */
const searchDelayMs = 300;

type Deleting = { kind: 'one'; datasource: Datasource } | { kind: 'selected'; ids: number[] } | null;

/** The two sortable columns: clicking one sorts by it, clicking it again turns the order around. */
const nextOrdering = (current: DatasourceOrdering, column: 'name' | 'date_modified'): DatasourceOrdering => {
  if (column === 'name') return current === 'name' ? '-name' : 'name';
  return current === '-date_modified' ? 'date_modified' : '-date_modified';
};

/**
 * /datasources (docs/product.md, "Screens"): the active account's data sources in a
 * table with a fixed header, 25 a page, searched, sorted and paged by the server
 * (default: last modified first), with single and bulk deletion.
 */
export function DatasourcesScreen() {
  const { t, i18n } = useTranslation();
  const { show } = useSnackbar();
  const { activeAccount } = useActiveAccount();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), searchDelayMs);
  const [ordering, setOrdering] = useState<DatasourceOrdering>('-date_modified');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // What the delete dialog asks about; kept while it closes, so its text does not change on the way out.
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const askDelete = (target: Deleting) => {
    setDeleting(target);
    setDialogOpen(true);
  };

  // A new search or another account starts at the first page, with nothing selected; set
  // while rendering, so no request goes out for the old page with the new search.
  const filterKey = `${activeAccount?.id}|${search}`;
  const [shownFilterKey, setShownFilterKey] = useState(filterKey);
  if (shownFilterKey !== filterKey) {
    setShownFilterKey(filterKey);
    setPage(0);
    setSelected(new Set());
  }

  const params = activeAccount ? { account: activeAccount.id, search, ordering, page } : undefined;
  const list = useDatasources(params);
  const types = useDatasourceTypes();
  const deleteOne = useDeleteDatasource();
  const deleteMany = useDeleteDatasources();
  useRouteLoading(params !== undefined && list.isPending);

  // A failed list read is only logged (docs/product.md, "Errors and messages"); a page that
  // no longer exists (after deletions) falls back to the first.
  useEffect(() => {
    if (!list.error) return;
    if (list.error instanceof ApiError && list.error.status === 404 && page > 0) setPage(0);
    else console.warn('The data sources could not be loaded', list.error);
  }, [list.error, page]);

  // Type-loading failure: the response body as a dismissible message (docs/product.md, "Errors and messages").
  useEffect(() => {
    if (types.error) show(errorText(types.error, t), 'error');
  }, [types.error, show, t]);

  const rows = list.error ? [] : (list.data?.results ?? []);
  const count = list.error ? 0 : (list.data?.count ?? 0);

  // The last row of a later page deleted: show the page before it.
  useEffect(() => {
    if (list.data && !list.isPlaceholderData && list.data.results.length === 0 && page > 0)
      setPage(Math.max(0, Math.ceil(list.data.count / limits.dataSourcesPageSize) - 1));
  }, [list.data, list.isPlaceholderData, page]);

  const typeNames = useMemo(
    () => new Map((types.data ?? []).map((type) => [type.id, type.name] as const)),
    [types.data],
  );
  const typeName = (id: number) => typeNames.get(id) ?? (types.isPending ? '' : t('datasources.unknownType'));
  const language = i18n.resolvedLanguage ?? 'en';

  const pageIds = rows.map((row) => row.id);
  const selectedOnPage = pageIds.filter((id) => selected.has(id)).length;
  const allOnPage = pageIds.length > 0 && selectedOnPage === pageIds.length;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleAllOnPage = (on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const sortBy = (column: 'name' | 'date_modified') => {
    setOrdering((current) => nextOrdering(current, column));
    setPage(0);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    if (deleting.kind === 'one') {
      const { id } = deleting.datasource;
      try {
        await deleteOne.mutateAsync(id);
        toggle(id, false);
      } catch (error) {
        // In use by a workspace's layers: the server's detail names the workspaces.
        show(errorText(error, t), 'error');
      }
      setDialogOpen(false);
      return;
    }
    const results = await deleteMany.mutateAsync(deleting.ids);
    const failures = results.filter((result) => result.status === 'rejected');
    // A bulk failure is only logged (docs/product.md, "Errors and messages").
    if (failures.length > 0)
      console.warn(
        'Some data sources could not be deleted',
        failures.map((failure) => failure.reason),
      );
    setDialogOpen(false);
    setSelected(new Set());
  };

  const sortDirection = (column: 'name' | 'date_modified') =>
    ordering.endsWith(column) ? (ordering.startsWith('-') ? 'desc' : 'asc') : false;

  return (
    <Screen
      maxWidth="lg"
      title={t('datasources.title')}
      intro={t('datasources.intro')}
      action={
        <Button variant="contained" component={Link} to={paths.createDataSource} startIcon={<AddIcon />}>
          {t('datasources.create')}
        </Button>
      }
    >
      <Paper variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <TextField
            type="search"
            size="small"
            label={t('datasources.search')}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            sx={{ width: { xs: '100%', sm: 320 } }}
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
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            {selected.size > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('datasources.selectedCount', { count: selected.size })}
              </Typography>
            )}
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selected.size === 0}
              onClick={() => askDelete({ kind: 'selected', ids: [...selected] })}
            >
              {t('datasources.deleteSelected')}
            </Button>
          </Stack>
        </Stack>
        <Box sx={{ height: 4 }}>{list.isFetching && !list.isPending && <LinearProgress />}</Box>
        <TableContainer sx={{ maxHeight: 'max(360px, calc(100vh - 340px))' }}>
          <Table stickyHeader size="small" aria-label={t('datasources.table')} sx={{ minWidth: { sm: 720 } }}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    indeterminate={selectedOnPage > 0 && !allOnPage}
                    disabled={pageIds.length === 0}
                    onChange={(event) => toggleAllOnPage(event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('datasources.selectAll') } }}
                  />
                </TableCell>
                <TableCell sortDirection={sortDirection('name')}>
                  <TableSortLabel
                    active={ordering.endsWith('name')}
                    direction={ordering === '-name' ? 'desc' : 'asc'}
                    onClick={() => sortBy('name')}
                  >
                    {t('datasources.name')}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{t('datasources.type')}</TableCell>
                <TableCell sortDirection={sortDirection('date_modified')}>
                  <TableSortLabel
                    active={ordering.endsWith('date_modified')}
                    direction={ordering === 'date_modified' ? 'asc' : 'desc'}
                    onClick={() => sortBy('date_modified')}
                  >
                    {t('datasources.modified')}
                  </TableSortLabel>
                </TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('datasources.used')}
                </TableCell>
                <TableCell>{t('datasources.workspaces')}</TableCell>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('datasources.edit')}
                  </Box>
                </TableCell>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHidden}>
                    {t('datasources.delete')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? null : rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} align="center" sx={{ py: 6, color: 'text.secondary' }}>
                    {t('datasources.empty')}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.id} hover selected={selected.has(row.id)}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.has(row.id)}
                        onChange={(event) => toggle(row.id, event.target.checked)}
                        slotProps={{
                          input: { 'aria-label': t('datasources.selectRow', { name: row.name }) },
                        }}
                      />
                    </TableCell>
                    <TableCell sx={{ fontWeight: 500, overflowWrap: 'break-word', minWidth: 160 }}>
                      {row.name}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeName(row.type)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatLongDate(row.date_modified, language)}
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {row.workspaces.count}
                    </TableCell>
                    <TableCell>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 120 }}>
                        {row.workspaces.names.map((name) => (
                          <Chip key={name} label={name} size="small" variant="outlined" />
                        ))}
                      </Box>
                    </TableCell>
                    <TableCell padding="checkbox">
                      <IconButton
                        component={Link}
                        to={pathTo(paths.editDataSource, { id: row.id })}
                        aria-label={t('datasources.edit')}
                        title={t('datasources.edit')}
                      >
                        <EditIcon />
                      </IconButton>
                    </TableCell>
                    <TableCell padding="checkbox">
                      <IconButton
                        aria-label={t('datasources.delete')}
                        title={t('datasources.delete')}
                        onClick={() => askDelete({ kind: 'one', datasource: row })}
                      >
                        <DeleteIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={count}
          page={count === 0 ? 0 : Math.min(page, Math.ceil(count / limits.dataSourcesPageSize) - 1)}
          rowsPerPage={limits.dataSourcesPageSize}
          rowsPerPageOptions={[limits.dataSourcesPageSize]}
          onPageChange={(_, next) => setPage(next)}
          labelDisplayedRows={({ from, to, count: total }) =>
            t('datasources.displayedRows', { from, to, count: total })
          }
          getItemAriaLabel={(type) => t(`datasources.${type}Page`)}
          sx={{ borderTop: 1, borderColor: 'divider' }}
        />
      </Paper>
      <DeleteDialog
        open={dialogOpen}
        title={deleting?.kind === 'one' ? t('datasources.deleteTitle') : t('datasources.deleteSelectedTitle')}
        text={
          deleting?.kind === 'one'
            ? t('datasources.confirmDelete', { name: deleting.datasource.name })
            : t('datasources.confirmDeleteSelected', {
                count: deleting?.kind === 'selected' ? deleting.ids.length : 0,
              })
        }
        busy={deleteOne.isPending || deleteMany.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDialogOpen(false)}
      />
    </Screen>
  );
}
