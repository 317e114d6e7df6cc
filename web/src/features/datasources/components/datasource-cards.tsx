import { type DatasourceOrdering, paths, pathTo } from '@geows/contract';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ListViewProps, pageSelection } from './list-view';
import { WorkspaceChips } from './workspace-chips';

const orderings = [
  { value: '-date_modified', label: 'datasources.sortNewest' },
  { value: 'date_modified', label: 'datasources.sortOldest' },
  { value: 'name', label: 'datasources.sortNameAscending' },
  { value: '-name', label: 'datasources.sortNameDescending' },
] as const satisfies readonly { value: DatasourceOrdering; label: string }[];

/**
 * The data sources on a phone: a card each (name, type, modified, the workspaces that use
 * it) with the row's checkbox, edit and delete under the same names as in the table, which
 * would only scroll sideways at this width. The table's sortable headers become a select.
 */
export function DatasourceCards({
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
  return (
    <Box sx={{ px: 2, pb: 1 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1, mb: 1 }}
      >
        <FormControlLabel
          sx={{ mr: 0 }}
          control={
            <Checkbox
              checked={page.all}
              indeterminate={page.some}
              disabled={rows.length === 0}
              onChange={(event) => onToggleAll(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('datasources.selectAll') } }}
            />
          }
          label={<Typography variant="body2">{t('datasources.selectAllShort')}</Typography>}
        />
        <TextField
          select
          size="small"
          label={t('datasources.sortBy')}
          value={ordering}
          onChange={(event) => onOrderingChange(event.target.value as DatasourceOrdering)}
          sx={{ minWidth: 200, flexGrow: 1, maxWidth: 260 }}
        >
          {orderings.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {t(option.label)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {pending ? null : rows.length === 0 ? (
        <Typography sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
          {t('datasources.empty')}
        </Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('datasources.table')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}
        >
          {rows.map((row) => (
            <Box
              component="li"
              key={row.id}
              sx={{
                border: 1,
                borderColor: selected.has(row.id) ? 'primary.main' : 'divider',
                borderRadius: 2,
                bgcolor: selected.has(row.id) ? 'action.selected' : 'background.paper',
                py: 1,
                pl: 0.5,
                pr: 0.5,
                display: 'flex',
                alignItems: 'flex-start',
                gap: 0.5,
              }}
            >
              <Checkbox
                checked={selected.has(row.id)}
                onChange={(event) => onToggle(row, event.target.checked)}
                slotProps={{ input: { 'aria-label': t('datasources.selectRow', { name: row.name }) } }}
              />
              <Box sx={{ flex: 1, minWidth: 0, pt: 1 }}>
                <Typography
                  component="h2"
                  variant="subtitle1"
                  sx={{ fontWeight: 500, lineHeight: 1.35, overflowWrap: 'anywhere' }}
                >
                  {row.name}
                </Typography>
                <Typography variant="body2" color="textSecondary">
                  {typeName(row.type)} ·{' '}
                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(row.date_modified)}
                  </Box>
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ mt: 0.75, mb: 0.5 }}>
                  {row.workspaces.count === 0
                    ? t('datasources.notUsed')
                    : t('datasources.usedByCount', { count: row.workspaces.count })}
                </Typography>
                {row.workspaces.names.length > 0 && <WorkspaceChips source={row} />}
              </Box>
              {/* One above the other: the name keeps the width. */}
              <Stack sx={{ flexShrink: 0 }}>
                <IconButton
                  component={Link}
                  to={pathTo(paths.editDataSource, { id: row.id })}
                  aria-label={t('datasources.edit')}
                  title={t('datasources.edit')}
                >
                  <EditIcon />
                </IconButton>
                <IconButton
                  aria-label={t('datasources.delete')}
                  title={t('datasources.delete')}
                  onClick={() => onDelete(row)}
                >
                  <DeleteIcon />
                </IconButton>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
