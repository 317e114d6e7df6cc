import { paths, pathTo, type UploadResult } from '@geows/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Degrees to six places (about 10 cm), trailing zeros dropped; a point, whatever the language, as the list's commas separate. */
const degrees = (value: number) => String(Number(value.toFixed(6)));

/** A cell of the first rows: as the file had it, empty for a missing value. */
const cellText = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * What an uploaded file held, shown once it is stored: the number of features, their
 * geometry types with counts, the extent, and the first rows of attributes; then the way on.
 */
export function UploadSummaryPanel({
  result,
  onUploadAnother,
}: {
  result: UploadResult;
  onUploadAnother: () => void;
}) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const { summary } = result;
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');

  return (
    <Stack spacing={2.5}>
      <Alert
        severity="success"
        variant="outlined"
        sx={{ '& .MuiAlert-message': { width: '100%', minWidth: 0 } }}
      >
        <AlertTitle sx={{ overflowWrap: 'anywhere' }}>
          {t('datasourceForm.uploaded', { name: result.name })}
        </AlertTitle>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.75,
          }}
        >
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {t('datasourceForm.summaryFeatures')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {number.format(summary.feature_count)}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {t('datasourceForm.summaryGeometryTypes')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {summary.geometry_types.length === 0
              ? '—'
              : summary.geometry_types.map(({ type, count }, index) => (
                  <Fragment key={type ?? ''}>
                    {index > 0 && ' · '}
                    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                      {type ?? t('datasourceForm.noGeometry')} ({number.format(count)})
                    </Box>
                  </Fragment>
                ))}
          </Typography>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {t('datasourceForm.summaryExtent')}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {summary.extent ? summary.extent.map(degrees).join(', ') : t('datasourceForm.noPositions')}
          </Typography>
        </Box>
      </Alert>
      {summary.attributes.length > 0 ? (
        <Box>
          <Typography id={captionId} variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {t('datasourceForm.firstRows', { count: summary.rows.length })}
          </Typography>
          {/* Wide tables scroll inside their frame, never the page. */}
          <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={captionId}>
              <TableHead>
                <TableRow>
                  {summary.attributes.map((name) => (
                    <TableCell key={name} sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                      {name}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.rows.map((row, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place, and never move
                  <TableRow key={index}>
                    {summary.attributes.map((name) => (
                      <TableCell
                        key={name}
                        title={cellText(row[name])}
                        sx={{
                          whiteSpace: 'nowrap',
                          maxWidth: 240,
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                        }}
                      >
                        {cellText(row[name])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Box>
      ) : (
        summary.feature_count > 0 && (
          <Typography variant="body2" color="textSecondary">
            {t('datasourceForm.noAttributes')}
          </Typography>
        )
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'flex-end', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Button onClick={onUploadAnother}>{t('datasourceForm.uploadAnother')}</Button>
        <Button variant="outlined" component={Link} to={pathTo(paths.editDataSource, { id: result.id })}>
          {t('datasourceForm.editUploaded')}
        </Button>
        <Button variant="contained" component={Link} to={paths.datasources}>
          {t('datasourceForm.toDatasources')}
        </Button>
      </Stack>
    </Stack>
  );
}
