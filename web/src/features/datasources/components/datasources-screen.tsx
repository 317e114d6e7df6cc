import { type Datasource, type DatasourceOrdering, limits, paths } from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../api/api-error';
import { errorText } from '../../../components/form/error-text';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { Screen } from '../../../components/ui/screen';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRouteLoading } from '../../../lib/use-route-loading';
import { useActiveAccount } from '../../accounts';
import { useDeleteDatasource, useDeleteDatasources } from '../api/delete-datasource';
import { useDatasourceTypes } from '../api/get-datasource-types';
import { useDatasources } from '../api/get-datasources';
import { splitByUse } from '../delete-targets';
import { formatLongDate } from '../format-date';
import { DatasourceCards } from './datasource-cards';
import { DatasourcesTable } from './datasources-table';
import { DeleteDialog, type DeleteTarget } from './delete-dialog';
import type { ListViewProps } from './list-view';

/** How long typing must pause before the search goes to the server. */
const searchDelayMs = 300;

/** Phones (docs/product.md, "States and transitions": 760 px or less) get cards instead of the table. */
const phoneQuery = '(max-width: 760px)';

/**
 * /datasources (docs/product.md, "Screens"): the active account's data sources in a
 * table with a fixed header, 25 a page, searched, sorted and paged by the server
 * (default: last modified first), with single and bulk deletion.
 */
export function DatasourcesScreen() {
  const { t, i18n } = useTranslation();
  const { show } = useSnackbar();
  const { activeAccount } = useActiveAccount();
  const phone = useMediaQuery(phoneQuery, { noSsr: true });
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), searchDelayMs);
  const [ordering, setOrdering] = useState<DatasourceOrdering>('-date_modified');
  const [page, setPage] = useState(0);
  // The selected sources, kept whole: the delete dialog tells from them which are in use,
  // also for those selected on another page.
  const [selected, setSelected] = useState<ReadonlyMap<number, Datasource>>(new Map());
  // What the delete dialog asks about; kept while it closes, so its text does not change on the way out.
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const askDelete = (target: DeleteTarget) => {
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
    setSelected(new Map());
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

  const toggle = (source: Datasource, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(source.id, source);
      else next.delete(source.id);
      return next;
    });
  const toggleAllOnPage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });

  const confirmDelete = async () => {
    if (!deleting) return;
    if (deleting.kind === 'one') {
      const source = deleting.datasource;
      try {
        await deleteOne.mutateAsync(source.id);
        toggle(source, false);
      } catch (error) {
        // Put to use since the list was read: the server's detail names the workspaces.
        show(errorText(error, t), 'error');
      }
      setDialogOpen(false);
      return;
    }
    // Those in use would be refused: the dialog said they stay.
    const results = await deleteMany.mutateAsync(splitByUse(deleting.sources).deletable.map(({ id }) => id));
    const failures = results.filter((result) => result.status === 'rejected');
    // A bulk failure is only logged (docs/product.md, "Errors and messages").
    if (failures.length > 0)
      console.warn(
        'Some data sources could not be deleted',
        failures.map((failure) => failure.reason),
      );
    setDialogOpen(false);
    setSelected(new Map());
  };

  const listView: ListViewProps = {
    rows,
    pending: list.isPending,
    selected,
    onToggle: toggle,
    onToggleAll: toggleAllOnPage,
    ordering,
    onOrderingChange: (next) => {
      setOrdering(next);
      setPage(0);
    },
    typeName,
    formatDate: (iso) => formatLongDate(iso, language),
    onDelete: (datasource) => askDelete({ kind: 'one', datasource }),
  };

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
              <Typography variant="body2" color="textSecondary">
                {t('datasources.selectedCount', { count: selected.size })}
              </Typography>
            )}
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={selected.size === 0}
              onClick={() =>
                // The page's rows are the latest word on their use.
                askDelete({
                  kind: 'selected',
                  sources: [...selected.values()].map(
                    (source) => rows.find(({ id }) => id === source.id) ?? source,
                  ),
                })
              }
            >
              {t('datasources.deleteSelected')}
            </Button>
          </Stack>
        </Stack>
        <Box sx={{ height: 4 }}>{list.isFetching && !list.isPending && <LinearProgress />}</Box>
        {phone ? <DatasourceCards {...listView} /> : <DatasourcesTable {...listView} />}
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
        target={deleting}
        busy={deleteOne.isPending || deleteMany.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDialogOpen(false)}
      />
    </Screen>
  );
}
