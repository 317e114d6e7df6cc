import type { Layer } from '@geows/contract';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { displayName, flattenLayers } from '../../layer-tree';
import { SaveProblemAlert } from '../save-problem-alert';
import type { ToolPanelProps } from '../tool';
import { ToolPanelHeader } from '../tool-panel-header';
import { useSavePlugin } from '../use-save-plugin';
import { dividerPercent } from './divider-keys';

/** The names of the listed layers and groups, in the tree's order. */
const namesOf = (tree: readonly Layer[], ids: readonly number[]) => {
  const listed = new Set(ids);
  return flattenLayers(tree)
    .filter((layer) => listed.has(layer.id))
    .map((layer) => displayName(layer.name));
};

/**
 * The compare tool: turns the divider on and off for this visit, says which layers lie
 * on which side, and lets the workspace's admin and editors save where the divider stands.
 */
export function SplitPanel({ workspace, plugins, tree, canEdit, split, setSplit, onClose }: ToolPanelProps) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const saved = plugins.splitPanel;
  const { save, locked, problem, clearProblem, reload } = useSavePlugin(workspace, 'splitPanel');
  const left = namesOf(tree, saved.left);
  const right = namesOf(tree, saved.right);

  const savePosition = async () => {
    if (split === undefined) return;
    if (await save({ ...saved, position: split })) show(t('split.positionSaved'));
  };

  const side = (title: string, names: string[]) =>
    names.length > 0 && (
      <Box>
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {names.map((name, index) => (
            // Names may repeat; their order does not change while shown.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Typography component="li" variant="body2" key={index}>
              {name}
            </Typography>
          ))}
        </Box>
      </Box>
    );

  return (
    <>
      <ToolPanelHeader title={t('split.name')} closeLabel={t('split.close')} onClose={onClose} />
      <Stack spacing={2} sx={{ p: 2, overflowY: 'auto', minHeight: 0 }}>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={split !== undefined}
                onChange={(event) => setSplit(event.target.checked ? saved.position : undefined)}
              />
            }
            label={t('split.show')}
          />
          {split !== undefined && (
            <>
              <Typography variant="body2" color="textSecondary">
                {t('split.showHelp')}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {t('split.position', { percent: dividerPercent(split) })}
              </Typography>
            </>
          )}
        </Box>
        {left.length + right.length > 0 ? (
          <>
            {side(t('split.leftSide'), left)}
            {side(t('split.rightSide'), right)}
            <Typography variant="body2" color="textSecondary">
              {t('split.otherLayers')}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="textSecondary">
            {canEdit ? t('split.noSidesEditor') : t('split.noSides')}
          </Typography>
        )}
        {problem && (
          <SaveProblemAlert problem={problem} onReload={() => void reload()} onClose={clearProblem} />
        )}
        {canEdit && (
          <Button
            variant="outlined"
            startIcon={<SaveIcon />}
            disabled={split === undefined || split === saved.position || locked}
            onClick={() => void savePosition()}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('split.savePosition')}
          </Button>
        )}
      </Stack>
    </>
  );
}
