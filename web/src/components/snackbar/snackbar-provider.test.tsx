import { limits } from '@geows/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useSnackbar } from './snackbar-context';

function Trigger({ text, color }: { text: string; color?: 'error' }) {
  const { show } = useSnackbar();
  return (
    <button type="button" onClick={() => show(text, color)}>
      show
    </button>
  );
}

/** The snackbar's code loads with the first message (snackbar-provider.tsx): the alert once it is there. */
async function shownAlert() {
  await act(() => vi.dynamicImportSettled());
  return screen.getByRole('alert');
}

describe('SnackbarProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success message and hides it after the timeout', async () => {
    renderWithProviders(<Trigger text="Profile updated" />);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const alert = await shownAlert();
    expect(alert.textContent).toContain('Profile updated');
    expect(alert.className).toContain('Success');

    act(() => {
      vi.advanceTimersByTime(limits.snackbarTimeoutMs - 100);
    });
    expect(screen.queryByText('Profile updated')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // Then the exit transition runs.
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Profile updated')).toBeNull();
  });

  it('takes another colour', async () => {
    renderWithProviders(<Trigger text="Something went wrong" color="error" />);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect((await shownAlert()).className).toContain('Error');
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger text="x" />)).toThrow(/SnackbarProvider/);
  });
});
