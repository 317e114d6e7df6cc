import { productName } from '@geows/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from './footer';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Footer email="support@example.org" />
    </MemoryRouter>,
  );
}

describe('Footer', () => {
  it('shows the support line with a mail link, the year and the product name', () => {
    renderAt('/');
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('For questions and support reach us at support@example.org');
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} ${productName}`);
    expect(screen.getByRole('link', { name: 'support@example.org' }).getAttribute('href')).toBe(
      'mailto:support@example.org',
    );
  });

  it.each(['/workspace/view/3', '/workspace/share/5/secret', '/workspace/create', '/my-workspaces'])(
    'is hidden on %s',
    (path) => {
      renderAt(path);
      expect(screen.queryByRole('contentinfo')).toBeNull();
    },
  );

  it.each(['/login', '/datasources', '/no-such-page'])('is shown on %s', (path) => {
    renderAt(path);
    expect(screen.getByRole('contentinfo').textContent).toContain(
      'For questions and support reach us at support@example.org',
    );
  });
});
