import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { SplitDivider } from './split-divider';

describe('the compare divider', () => {
  it('is not there while the split is off', () => {
    renderWithProviders(<SplitDivider split={undefined} setSplit={vi.fn()} />);
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('is a named slider whose value says where it stands', () => {
    renderWithProviders(<SplitDivider split={0.25} setSplit={vi.fn()} />);
    const slider = screen.getByRole('slider', { name: 'Compare divider' });
    expect(slider.getAttribute('aria-valuenow')).toBe('25');
    expect(slider.getAttribute('aria-valuetext')).toBe('25% from the left');
    expect(slider.getAttribute('tabindex')).toBe('0');
  });

  it('moves by keys and leaves other keys alone', () => {
    const setSplit = vi.fn();
    renderWithProviders(<SplitDivider split={0.5} setSplit={setSplit} />);
    const slider = screen.getByRole('slider', { name: 'Compare divider' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'PageDown' });
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.keyDown(slider, { key: 'Tab' });
    expect(setSplit.mock.calls).toEqual([[0.51], [0.4], [1]]);
  });
});
