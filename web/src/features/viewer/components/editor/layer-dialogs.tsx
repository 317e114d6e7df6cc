import { parseLayerTemplate, type UserGroup } from '@geows/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Base = { open: boolean; onClose: () => void; busy?: boolean };

/** A name for a new group, or a layer's new name. */
export function NameDialog({
  open,
  onClose,
  busy,
  title,
  initial,
  submitLabel,
  onSubmit,
}: Base & { title: string; initial: string; submitLabel: string; onSubmit: (name: string) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const titleId = useId();
  const empty = name.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!empty) onSubmit(name.trim());
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('editor.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={touched && empty}
            helperText={touched && empty ? t('validation.nameRequired') : t('editor.baseLayerHint')}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('editor.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The layer's style as JSON, checked against the template schema while typing. */
export function TemplateDialog({
  open,
  onClose,
  busy,
  name,
  initial,
  onSubmit,
}: Base & { name: string; initial: string; onSubmit: (template: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => pretty(initial));
  const titleId = useId();
  const parsed = parseLayerTemplate(text);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('editor.styleTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2" sx={{ mb: 1 }}>
          {t('editor.styleHelp')}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={6}
          maxRows={16}
          label={t('editor.template')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={!parsed.ok}
          helperText={parsed.ok ? t('editor.templateValid') : parsed.message}
          slotProps={{
            htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!parsed.ok || busy}
          onClick={() => parsed.ok && onSubmit(JSON.stringify(parsed.template))}
        >
          {t('editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

/** Which user groups may see the layer: none means everyone with view rights. */
export function UserGroupsDialog({
  open,
  onClose,
  busy,
  name,
  groups,
  initial,
  onSubmit,
}: Base & {
  name: string;
  groups: readonly UserGroup[];
  initial: readonly number[];
  onSubmit: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(() => new Set(initial));
  const titleId = useId();
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('editor.groupsTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText variant="body2">{t('editor.groupsHelp')}</DialogContentText>
        {groups.length === 0 ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('editor.noGroups')}
          </Alert>
        ) : (
          <FormGroup sx={{ mt: 1 }}>
            {groups.map((group) => (
              <FormControlLabel
                key={group.id}
                control={<Checkbox checked={chosen.has(group.id)} onChange={() => toggle(group.id)} />}
                label={group.name}
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => onSubmit([...chosen])}>
          {t('editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Deleting a layer takes what is in it along: the dialog says so. */
export function DeleteLayerDialog({
  open,
  onClose,
  busy,
  name,
  contained,
  onConfirm,
}: Base & { name: string; contained: number; onConfirm: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('editor.deleteTitle', { name })}</DialogTitle>
      <DialogContent>
        <Typography variant="body2">
          {contained > 0 ? t('editor.deleteGroupText', { count: contained }) : t('editor.deleteText')}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('editor.cancel')}</Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {t('editor.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
