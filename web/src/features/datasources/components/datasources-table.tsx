import { paths, pathTo } from '@geows/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { type ListViewProps, nextOrdering, pageSelection } from './list-view';

/**
 * The data sources as the spec's table (docs/product.md, "Data sources"): a fixed header,
 * row checkboxes, Name, Type, Modified, Used, Workspace(s), edit and delete.
 */
export function DatasourcesTable({
  rows,
  pending,
  selected,
  onToggle,
  onToggleAll,
  ordering,
  onOrderingChange,
  typeName,
  formatDate,
  onDelete,
}: ListViewProps) {
  const { t } = useTranslation();
  const page = pageSelection(rows, selected);
  const sortBy = (column: 'name' | 'date_modified') => onOrderingChange(nextOrdering(ordering, column));
  const sortDirection = (column: 'name' | 'date_modified') =>
    ordering.endsWith(column) ? (ordering.startsWith('-') ? 'desc' : 'asc') : false;

  return (
    <TableContainer sx={{ maxHeight: 'max(360px, calc(100vh - 340px))' }}>
      <Table stickyHeader size="small" aria-label={t('datasources.table')} sx={{ minWidth: { sm: 720 } }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={page.all}
                indeterminate={page.some}
                disabled={rows.length === 0}
                onChange={(event) => onToggleAll(event.target.checked)}
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
            <TableCell align="right">{t('datasources.used')}</TableCell>
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
          {pending ? null : rows.length === 0 ? (
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
                    onChange={(event) => onToggle(row, event.target.checked)}
                    slotProps={{
                      input: { 'aria-label': t('datasources.selectRow', { name: row.name }) },
                    }}
                  />
                </TableCell>
                <TableCell sx={{ fontWeight: 500, overflowWrap: 'break-word', minWidth: 160 }}>
                  {row.name}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{typeName(row.type)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.date_modified)}</TableCell>
                <TableCell align="right">{row.workspaces.count}</TableCell>
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
                    onClick={() => onDelete(row)}
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
  );
}
