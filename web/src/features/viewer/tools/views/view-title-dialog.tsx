import { pluginLimits } from '@geows/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextBox } from '../../../../components/form/text-box';
import { titleProblem } from './saved-views';

/** Asks a view's title, for a new view (with what it saves) or a rename; Save answers the trimmed title. */
export function ViewTitleDialog({
  heading,
  intro,
  initialTitle,
  busy,
  onSave,
  onClose,
}: {
  heading: string;
  intro?: string;
  initialTitle: string;
  busy: boolean;
  onSave: (title: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [title, setTitle] = useState(initialTitle);
  const [touched, setTouched] = useState(false);
  const problem = titleProblem(title);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem === undefined) onSave(title.trim());
  };

  const errorText = touched && problem ? t(`views.${problem}`, { max: pluginLimits.title }) : undefined;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={headingId}
      fullWidth
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 440 } } }}
    >
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id={headingId}>{heading}</DialogTitle>
        <DialogContent>
          {intro && <DialogContentText sx={{ mb: 2 }}>{intro}</DialogContentText>}
          <TextBox
            label={t('views.title')}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            onBlur={() => setTouched(true)}
            autoFocus
            autoComplete="off"
            required
            error={errorText !== undefined}
            helperText={errorText}
            fullWidth
            sx={{ mt: intro ? 0 : 1 }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('views.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('views.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Deleting a view is for everyone who uses the workspace, and breaks links to it: asked first. */
export function DeleteViewDialog({
  title,
  busy,
  onConfirm,
  onClose,
}: {
  title: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const textId = useId();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={headingId}
      aria-describedby={textId}
      maxWidth={false}
      slotProps={{ paper: { sx: { maxWidth: 440 } } }}
    >
      <DialogTitle id={headingId}>{t('views.deleteTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {t('views.deleteText', { title })}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('views.cancel')}
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy}>
          {t('views.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
