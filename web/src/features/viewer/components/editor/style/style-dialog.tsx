import { type LayerTemplate, parseLayerTemplate } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StylePanel } from './style-panel';
import { type FeatureLayerSource, useFeatureRows } from './use-feature-rows';

type Props = {
  onClose: () => void;
  busy?: boolean;
  name: string;
  /** The layer's template text as stored. */
  initial: string;
  source: FeatureLayerSource;
  onSubmit: (template: string) => void;
};

type View = 'panel' | 'json';

const pretty = (template: LayerTemplate) => JSON.stringify(template, null, 2);

/**
 * The style of a layer of features: a panel of fields, or its template as JSON (the
 * advanced view). Both are checked by the contract's schema; switching keeps the values,
 * and what does not pass is shown with the schema's message and not saved.
 */
export function StyleDialog({ onClose, busy, name, initial, source, onSubmit }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const stored = parseLayerTemplate(initial);
  // A stored template the schema refuses opens as JSON, where it can be mended.
  const [view, setView] = useState<View>(stored.ok ? 'panel' : 'json');
  const [template, setTemplate] = useState<LayerTemplate>(stored.ok ? stored.template : {});
  const [text, setText] = useState(() => (stored.ok ? pretty(stored.template) : initial));
  const rows = useFeatureRows(source, template);

  const checked = view === 'panel' ? parseLayerTemplate(JSON.stringify(template)) : parseLayerTemplate(text);
  const switchTo = (next: View | null) => {
    if (!next || next === view || !checked.ok) return;
    if (next === 'json') setText(pretty(template));
    else setTemplate(checked.template);
    setView(next);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>{t('editor.styleTitle', { name })}</DialogTitle>
      <DialogContent dividers>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={view}
          onChange={(_event, next: View | null) => switchTo(next)}
          aria-label={t('style.view')}
          sx={{ mb: 2 }}
        >
          <ToggleButton value="panel" disabled={view === 'json' && !checked.ok}>
            {t('style.viewPanel')}
          </ToggleButton>
          <ToggleButton value="json" disabled={view === 'panel' && !checked.ok}>
            {t('style.viewJson')}
          </ToggleButton>
        </ToggleButtonGroup>
        {view === 'panel' ? (
          <StylePanel template={template} onChange={setTemplate} rows={rows.data} rowsFailed={rows.isError} />
        ) : (
          <>
            <DialogContentText variant="body2" sx={{ mb: 1.5 }}>
              {t('editor.styleHelp')}
            </DialogContentText>
            <TextField
              fullWidth
              multiline
              minRows={8}
              maxRows={20}
              label={t('editor.template')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={!checked.ok}
              helperText={checked.ok ? t('editor.templateValid') : checked.message}
              slotProps={{
                htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
              }}
            />
          </>
        )}
        {view === 'panel' && !checked.ok && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {checked.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!checked.ok || busy}
          onClick={() => checked.ok && onSubmit(JSON.stringify(checked.template))}
        >
          {t('editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
