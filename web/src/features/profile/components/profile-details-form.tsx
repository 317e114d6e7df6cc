import { type Profile, profileUpdate } from '@geows/contract';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../components/form/error-text';
import { FormTextField } from '../../../components/form/form-text-field';
import { applyServerFieldErrors } from '../../../components/form/server-field-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSnackbar } from '../../../components/snackbar/snackbar-context';
import { SectionCard } from '../../../components/ui/section-card';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';

const fields = ['company', 'street', 'number', 'city', 'country'] as const;
type Field = (typeof fields)[number];
const empty: Record<Field, string> = { company: '', street: '', number: '', city: '', country: '' };
const valuesOf = (profile: Profile | null | undefined) =>
  profile ? Object.fromEntries(fields.map((field) => [field, profile[field]])) : empty;

/** Company name, Street, Housenumber, City, Country (the profile in docs/product.md, "Screens"). */
export function ProfileDetailsForm() {
  const { t } = useTranslation();
  const { show } = useSnackbar();
  const { data: profile, isPending } = useProfile();
  const updateProfile = useUpdateProfile();
  const { control, handleSubmit, reset, setError, formState } = useZodForm(profileUpdate, {
    defaultValues: empty,
  });

  useEffect(() => {
    if (profile) reset(valuesOf(profile));
  }, [profile, reset]);

  const handleSave = handleSubmit(async (changes) => {
    if (!profile) return;
    try {
      const updated = await updateProfile.mutateAsync({ id: profile.id, changes });
      reset(valuesOf(updated));
      show(t('profile.updated'));
    } catch (error) {
      applyServerFieldErrors(error, fields, setError);
      show(errorText(error, t), 'error');
    }
  });

  const field = (name: Field, label: string, autoComplete: string) => (
    <FormTextField
      control={control}
      name={name}
      label={label}
      autoComplete={autoComplete}
      disabled={isPending}
    />
  );

  return (
    <SectionCard title={t('profile.details')}>
      <Stack component="form" noValidate onSubmit={handleSave} spacing={2.5}>
        <Grid container spacing={2}>
          <Grid size={12}>{field('company', t('profile.company'), 'organization')}</Grid>
          <Grid size={{ xs: 12, sm: 9 }}>{field('street', t('profile.street'), 'address-line1')}</Grid>
          <Grid size={{ xs: 12, sm: 3 }}>{field('number', t('profile.number'), 'address-line2')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('city', t('profile.city'), 'address-level2')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('country', t('profile.country'), 'country-name')}</Grid>
        </Grid>
        <Button
          type="submit"
          variant="contained"
          disabled={!profile || formState.isSubmitting}
          sx={{ alignSelf: 'flex-end' }}
        >
          {t('profile.save')}
        </Button>
      </Stack>
    </SectionCard>
  );
}
