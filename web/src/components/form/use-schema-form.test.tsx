import { loginForm } from '@geows/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FormTextField } from './form-text-field';
import { TextBox } from './text-box';
import { useSchemaForm } from './use-schema-form';
import { useZodForm } from './use-zod-form';

type Values = { username: string; password: string };
type FormProps = { onValid: (values: Values) => Promise<void> };

function SchemaForm({ onValid }: FormProps) {
  const { field, handleSubmit, setError, isSubmitting } = useSchemaForm(loginForm, {
    username: '',
    password: '',
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <TextBox {...field('username')} label="Username" />
      <TextBox {...field('password')} label="Password" />
      <button type="submit" disabled={isSubmitting}>
        Login
      </button>
      <button type="button" onClick={() => setError('password', { type: 'server', message: 'Wrong.' })}>
        Server says
      </button>
    </form>
  );
}

/** The same form on react-hook-form, as every other form is: the behaviour useSchemaForm copies. */
function ZodForm({ onValid }: FormProps) {
  const { control, handleSubmit, setError, formState } = useZodForm(loginForm, {
    defaultValues: { username: '', password: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <FormTextField control={control} name="username" label="Username" />
      <FormTextField control={control} name="password" label="Password" />
      <button type="submit" disabled={formState.isSubmitting}>
        Login
      </button>
      <button type="button" onClick={() => setError('password', { type: 'server', message: 'Wrong.' })}>
        Server says
      </button>
    </form>
  );
}

const submit = () => act(() => fireEvent.click(screen.getByRole('button', { name: 'Login' })));
const type = (label: string, value: string) =>
  act(() => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

describe.each([
  ['useSchemaForm', SchemaForm],
  ['useZodForm (react-hook-form)', ZodForm],
])('%s', (_name, Form) => {
  it('checks nothing before the first submit, then every field, focusing the first in error', async () => {
    const onValid = vi.fn(async () => {});
    renderWithProviders(<Form onValid={onValid} />);
    await type('Username', '');
    expect(screen.queryByText('Username is required')).toBeNull();

    await submit();
    expect(screen.getByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Username'));
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a field again on each change after a submit, leaving the others as they were', async () => {
    renderWithProviders(<Form onValid={async () => {}} />);
    await submit();
    await type('Password', 'abc');
    expect(screen.getByText('Password must be more than 4 characters')).toBeTruthy();
    expect(screen.getByText('Username is required')).toBeTruthy();
    await type('Username', 'ada');
    expect(screen.queryByText('Username is required')).toBeNull();
    expect(document.activeElement).not.toBe(screen.getByLabelText('Password'));
  });

  it('hands on the schema’s output, disabling the submit meanwhile; a server message shows until the field changes', async () => {
    let finish: () => void = () => {};
    const onValid = vi.fn((_values: Values) => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<Form onValid={onValid} />);
    await type('Username', '  ada  ');
    await type('Password', 'secret-enough');
    await submit();
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ username: 'ada', password: 'secret-enough' });
    expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(true);
    await act(async () => finish());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Login' }).hasAttribute('disabled')).toBe(false),
    );

    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Server says' })));
    expect(screen.getByText('Wrong.')).toBeTruthy();
    await type('Password', 'secret-enough!');
    expect(screen.queryByText('Wrong.')).toBeNull();
  });
});
