import { type Layer, readWorkspacePlugins } from '@geows/contract';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../../components/ui/section-card';
import { layerSourcesQueryOptions } from '../../api/get-layer-sources';
import { displayName } from '../../layer-tree';
import { type SplitChoice, unsplittable } from '../../split-sides';
import { SaveProblemAlert } from '../save-problem-alert';
import type { ToolSettingsProps } from '../tool';
import { useSavePlugin } from '../use-save-plugin';
import { type SplitForm, sameForm, splitForm, splitSettings } from './split-form';

type Side = SplitChoice | 'both';

/** The tree's layers depth first, each with how deep it lies. */
const rowsOf = (tree: readonly Layer[], depth = 0): { layer: Layer; depth: number }[] =>
  tree.flatMap((layer) => [{ layer, depth }, ...rowsOf(layer.layers, depth + 1)]);

/**
 * The compare settings in the editor's Details tab: whether every visit opens with the
 * divider, and each layer's (or group's) side: Left, Both or Right. Layers the map cannot
 * split (features, terrain) offer Both only, and say why. Saved as `splitPanel` with the
 * divider's place kept (the panel saves that), other plugins as read; a 409 offers Reload.
 */
export function SplitSettings({ workspace, tree }: ToolSettingsProps) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const saved = readWorkspacePlugins(workspace.workspacePlugins).splitPanel;
  const savedForm = splitForm(saved);
  // Untouched (null), the form shows what is saved, also after a save elsewhere or a reload.
  const [draft, setDraft] = useState<SplitForm | null>(null);
  const form = draft ?? savedForm;
  const { save, locked, problem, clearProblem, reload } = useSavePlugin(workspace, 'splitPanel');
  const sources = useQuery(layerSourcesQueryOptions(workspace.id, undefined));
  const kindOf = (layer: Layer) => sources.data?.find((source) => source.layer === layer.id)?.key;

  const setSide = (id: number, side: Side) => {
    const sides = new Map(form.sides);
    if (side === 'both') sides.delete(id);
    else sides.set(id, side);
    setDraft({ ...form, sides });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(splitSettings(form, tree, saved.position))) {
      setDraft(null);
      show(t('split.saved'));
    }
  };

  const handleReload = async () => {
    if (await reload()) setDraft(null);
  };

  const reasons = { features: t('split.featuresBothSides'), terrain: t('split.terrainBothSides') };
  const rows = rowsOf(tree);
  return (
    <SectionCard title={t('split.settingsTitle')} intro={t('split.settingsIntro')}>
      <Stack component="form" noValidate onSubmit={handleSubmit} spacing={2.5}>
        {problem && (
          <SaveProblemAlert problem={problem} onReload={() => void handleReload()} onClose={clearProblem} />
        )}
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={form.enabled}
                onChange={(event) => setDraft({ ...form, enabled: event.target.checked })}
              />
            }
            label={t('split.enabled')}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('split.enabledHelp')}</FormHelperText>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3">
            {t('split.layers')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            {rows.length > 0 ? t('split.groupHint') : t('split.noLayers')}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {rows.map(({ layer, depth }) => {
              const name = displayName(layer.name);
              const side: Side = form.sides.get(layer.id) ?? 'both';
              const reason = unsplittable(kindOf(layer));
              return (
                <Box
                  component="li"
                  key={layer.id}
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'center',
                    columnGap: 1,
                    pl: depth * 2,
                  }}
                >
                  <Box sx={{ flex: '1 1 8rem', minWidth: 0 }}>
                    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Typography>
                    {reason && (
                      <Typography variant="caption" color="textSecondary" component="p">
                        {reasons[reason]}
                      </Typography>
                    )}
                  </Box>
                  <ToggleButtonGroup
                    size="small"
                    exclusive
                    value={side}
                    onChange={(_, value: Side | null) => value && setSide(layer.id, value)}
                    aria-label={t('split.sideOf', { name })}
                    sx={{ flexShrink: 0 }}
                  >
                    {(['left', 'both', 'right'] as const).map((choice) => (
                      <ToggleButton
                        key={choice}
                        value={choice}
                        // A side the layer already has stays selectable, so that it can be undone.
                        disabled={Boolean(reason) && choice !== 'both' && choice !== side}
                        sx={{ px: 1.25, py: 0.25, textTransform: 'none' }}
                      >
                        {t(`split.${choice}`)}
                      </ToggleButton>
                    ))}
                  </ToggleButtonGroup>
                </Box>
              );
            })}
          </Stack>
        </Box>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={locked || sameForm(form, savedForm)}
          sx={{ alignSelf: { sm: 'flex-end' } }}
        >
          {t('split.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
