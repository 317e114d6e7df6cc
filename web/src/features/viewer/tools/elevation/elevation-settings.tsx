import {
  type ElevationSettings as ElevationSettingsValue,
  elevationSettings,
  pluginLimits,
  readWorkspacePlugins,
} from '@geows/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownIcon from '@mui/icons-material/KeyboardArrowDown';
import UpIcon from '@mui/icons-material/KeyboardArrowUp';
import SaveIcon from '@mui/icons-material/SaveOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../../components/form/use-zod-form';
import { useSnackbar } from '../../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../../components/ui/section-card';
import { SaveProblemAlert } from '../save-problem-alert';
import type { ToolSettingsProps } from '../tool';
import { useSavePlugin } from '../use-save-plugin';
import { useElevationSources } from './elevation-sources';

/** The select's value for the built-in ground model (a profile's `datasource: null`). */
const builtIn = 'builtin';
const hex = /^#[0-9a-f]{6}$/i;
const newProfile = { title: '', color: '#1e88e5', datasource: null };

/**
 * The profiles of the elevation tool in the editor's Details tab: each a title, a colour
 * and where its heights come from (the built-in ground model or an elevation source).
 * Checked with the contract's `elevationSettings`, saved as the whole plugins text with
 * only `elevation` replaced, on the workspace's version: a 409 offers Reload.
 */
export function ElevationSettings({ workspace }: ToolSettingsProps) {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const { save, locked, problem, clearProblem, reload } = useSavePlugin(workspace, 'elevation');
  const sources = useElevationSources(workspace.id);
  const saved = readWorkspacePlugins(workspace.workspacePlugins).elevation;
  const { control, handleSubmit, reset, formState } = useZodForm(elevationSettings, { defaultValues: saved });
  const { fields, append, remove, move } = useFieldArray({ control, name: 'profiles' });

  const savedText = JSON.stringify(saved);
  // Profiles saved elsewhere (another tab, a reload after a conflict) replace an untouched form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text stands for `saved`
  useEffect(() => {
    if (!formState.isDirty) reset(saved);
  }, [savedText, formState.isDirty, reset]);

  const handleSave = handleSubmit(async (value: ElevationSettingsValue) => {
    const updated = await save(value);
    if (!updated) return;
    reset(readWorkspacePlugins(updated.workspacePlugins).elevation);
    show(t('elevation.saved'));
  });

  const handleReload = async () => {
    const fresh = await reload();
    if (fresh) reset(readWorkspacePlugins(fresh.workspacePlugins).elevation);
  };

  const known = new Set(sources.data?.map((source) => source.id));
  const sourceOptions = (current: number | null) => [
    <MenuItem key={builtIn} value={builtIn}>
      {t('elevation.builtIn')}
    </MenuItem>,
    ...(sources.data ?? []).map((source) => (
      <MenuItem key={source.id} value={String(source.id)}>
        {t('elevation.sourceOption', { name: source.name, type: source.typeName })}
      </MenuItem>
    )),
    // A source the list does not hold (an editor sees only the workspace's) stays as it is.
    ...(current !== null && !known.has(current)
      ? [
          <MenuItem key={current} value={String(current)}>
            {t('elevation.sourceById', { id: current })}
          </MenuItem>,
        ]
      : []),
  ];

  return (
    <SectionCard title={t('elevation.settingsTitle')} intro={t('elevation.settingsIntro')}>
      <Stack component="form" noValidate onSubmit={handleSave} spacing={2}>
        {problem && (
          <SaveProblemAlert problem={problem} onReload={() => void handleReload()} onClose={clearProblem} />
        )}
        {fields.length === 0 && (
          <Typography variant="body2" color="textSecondary">
            {t('elevation.noProfilesSet')}
          </Typography>
        )}
        {fields.map((field, index) => {
          const number = index + 1;
          return (
            <Box
              key={field.id}
              role="group"
              aria-label={t('elevation.profileN', { number })}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'flex-start',
                pb: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              <Controller
                control={control}
                name={`profiles.${index}.title`}
                render={({ field: title, fieldState }) => (
                  <TextField
                    {...title}
                    size="small"
                    label={t('elevation.title')}
                    error={Boolean(fieldState.error)}
                    helperText={
                      fieldState.error && t('elevation.invalidTitle', { message: fieldState.error.message })
                    }
                    sx={{ flex: '2 1 160px' }}
                  />
                )}
              />
              <Controller
                control={control}
                name={`profiles.${index}.color`}
                render={({ field: color, fieldState }) => (
                  <Box sx={{ display: 'flex', gap: 0.5, flex: '1 1 140px', alignItems: 'flex-start' }}>
                    <TextField
                      {...color}
                      size="small"
                      label={t('elevation.color')}
                      error={Boolean(fieldState.error)}
                      helperText={
                        fieldState.error && t('elevation.invalidColor', { message: fieldState.error.message })
                      }
                      sx={{ flex: 1 }}
                    />
                    <Box
                      component="input"
                      type="color"
                      aria-label={t('elevation.pickColor', { number })}
                      value={hex.test(color.value) ? color.value : '#000000'}
                      onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                        color.onChange(event.target.value)
                      }
                      sx={{
                        width: 40,
                        height: 40,
                        p: 0,
                        border: 1,
                        borderColor: 'divider',
                        borderRadius: 1,
                        bgcolor: 'transparent',
                        cursor: 'pointer',
                      }}
                    />
                  </Box>
                )}
              />
              <Controller
                control={control}
                name={`profiles.${index}.datasource`}
                render={({ field: datasource }) => (
                  <TextField
                    select
                    size="small"
                    label={t('elevation.source')}
                    name={datasource.name}
                    value={
                      datasource.value === null || datasource.value === undefined
                        ? builtIn
                        : String(datasource.value)
                    }
                    onChange={(event) =>
                      datasource.onChange(event.target.value === builtIn ? null : Number(event.target.value))
                    }
                    onBlur={datasource.onBlur}
                    sx={{ flex: '2 1 200px' }}
                  >
                    {sourceOptions(datasource.value ?? null)}
                  </TextField>
                )}
              />
              <Box sx={{ display: 'flex' }}>
                <IconButton
                  aria-label={t('elevation.moveUp', { number })}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <UpIcon />
                </IconButton>
                <IconButton
                  aria-label={t('elevation.moveDown', { number })}
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <DownIcon />
                </IconButton>
                <IconButton aria-label={t('elevation.remove', { number })} onClick={() => remove(index)}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            </Box>
          );
        })}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button
            startIcon={<AddIcon />}
            disabled={fields.length >= pluginLimits.profiles}
            onClick={() => append({ ...newProfile })}
          >
            {t('elevation.add')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SaveIcon />}
            disabled={formState.isSubmitting || locked}
          >
            {t('elevation.save')}
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
