import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SkipLink } from './skip-link';

describe('the skip link', () => {
  it('puts the focus on the map, without changing the address', () => {
    renderWithProviders(
      <>
        <SkipLink toMap />
        <main id="main-content" tabIndex={-1}>
          <section id="map" tabIndex={-1} aria-label="3D map of Harbour" />
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Skip to the map' });
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: '3D map of Harbour' }));
    expect(window.location.hash).toBe('');
  });

  it('falls back to the main content on a map screen without a map, and goes there elsewhere', () => {
    const { unmount } = renderWithProviders(
      <>
        <SkipLink toMap />
        <main id="main-content" tabIndex={-1} />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to the map' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
    unmount();

    renderWithProviders(
      <>
        <SkipLink toMap={false} />
        <main id="main-content" tabIndex={-1} />
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
