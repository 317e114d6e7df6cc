import { datasourceName, messages, validateDatasourceConfig } from '@geows/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  type ConfigField,
  type ConfigInputValues,
  configFieldsOf,
  configFromInputs,
  formFieldOfServerError,
} from './config-fields';

/** The create/edit form: the name, the type (its id as text, for the select), the type's inputs. */
export type DatasourceFormValues = { name: string; type: string; config: ConfigInputValues };

export type FormContext = {
  /** The fields on screen (an uploaded source shows its style fields only). */
  fieldsFor: (typeId: number | undefined) => ConfigField[];
  /** The stored config the inputs go over (edit), so keys the form does not show stay. */
  base: Record<string, unknown>;
};

export const typeIdOf = (value: string): number | undefined => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/** The config the form's inputs stand for. */
export function configOf(values: DatasourceFormValues, context: FormContext): Record<string, unknown> {
  return configFromInputs(context.fieldsFor(typeIdOf(values.type)), values.config, context.base);
}

/**
 * Checks the form as the API will (the contract's name rule and the type's config
 * schema), so a mistake shows under its field before anything is sent.
 */
export function datasourceResolver(context: FormContext): Resolver<DatasourceFormValues> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const configErrors: Record<string, { type: string; message: string }> = {};
    const name = datasourceName.safeParse(values.name);
    if (!name.success) errors.name = { type: 'validate', message: name.error.issues[0]?.message ?? '' };
    const typeId = typeIdOf(values.type);
    if (typeId === undefined) {
      errors.type = { type: 'validate', message: messages.fieldRequired };
    } else {
      const fields = context.fieldsFor(typeId);
      const checked = validateDatasourceConfig(typeId, configOf(values, context));
      if (!checked.success) {
        for (const [key, list] of Object.entries(checked.errors)) {
          const target = formFieldOfServerError(key, fields);
          const message = list.join(' ');
          if (target?.startsWith('config.'))
            configErrors[target.slice('config.'.length)] ??= { type: 'validate', message };
          else errors.root = { type: 'validate', message: `${key}: ${message}` };
        }
      }
    }
    const all = Object.keys(configErrors).length > 0 ? { ...errors, config: configErrors } : errors;
    if (Object.keys(all).length === 0) return { values, errors: {} };
    return { values: {}, errors: all as FieldErrors<DatasourceFormValues> };
  };
}

/** The fields of a type, on screen: all, or for an uploaded source only those in `only`. */
export const fieldsFilter =
  (only?: ReadonlySet<string>) =>
  (typeId: number | undefined): ConfigField[] => {
    const fields = configFieldsOf(typeId);
    return only ? fields.filter((field) => only.has(field.name)) : fields;
  };
