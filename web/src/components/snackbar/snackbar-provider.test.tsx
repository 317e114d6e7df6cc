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

describe('SnackbarProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a success message and hides it after the timeout', () => {
    renderWithProviders(<Trigger text="Profile updated" />);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    const alert = screen.getByRole('alert');
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

  it('takes another colour', () => {
    renderWithProviders(<Trigger text="Something went wrong" color="error" />);
    act(() => screen.getByRole('button', { name: 'show' }).click());
    expect(screen.getByRole('alert').className).toContain('Error');
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Trigger text="x" />)).toThrow(/SnackbarProvider/);
  });
});
