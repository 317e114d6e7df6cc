import type { Layer } from '@geows/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FeatureInfo } from './feature-info';

const layer = (id: number, name: string): Layer => ({
  id,
  name,
  visible: true,
  data_source: 1,
  template: '{}',
  user_groups: [],
  layers: [],
});

describe('feature information', () => {
  it('lists properties per layer, and shows a service’s HTML only in a sandboxed frame', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <FeatureInfo
        tree={[layer(1, 'Parks'), layer(2, 'Zoning')]}
        features={[
          { layerId: '1', title: 'Vondelpark', properties: { area: '47 ha', opened: '1865' } },
          {
            layerId: '2',
            title: 'Plot 7',
            properties: {},
            html: '<b>Residential</b><script>alert(1)</script>',
          },
        ]}
        onClose={onClose}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Feature information' });
    const table = within(panel).getByRole('table', { name: 'Properties of Vondelpark' });
    expect(within(table).getByRole('rowheader', { name: 'area' }).nextElementSibling?.textContent).toBe(
      '47 ha',
    );
    const frame = within(panel).getByTitle('The answer of Zoning') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts, no same origin, no forms, no navigation of this page.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<b>Residential</b>');
    expect(panel.innerHTML).not.toContain('<b>Residential</b><script>');
    fireEvent.click(within(panel).getByRole('button', { name: 'Close feature information' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says when nothing was found', () => {
    renderWithProviders(<FeatureInfo tree={[]} features={[]} onClose={() => {}} />);
    expect(screen.getByText('Nothing was found where you clicked.')).toBeTruthy();
  });

  it('closes on Escape, giving the focus back to the map when it was in the panel', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <>
        {/* The map's container, as the viewer renders it (the skip link's target). */}
        <section id="map" tabIndex={-1} aria-label="3D map of Harbour" />
        <button type="button">Elsewhere</button>
        <FeatureInfo
          tree={[layer(1, 'Parks')]}
          features={[{ layerId: '1', title: 'Vondelpark', properties: {} }]}
          onClose={onClose}
        />
      </>,
    );
    const close = screen.getByRole('button', { name: 'Close feature information' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByRole('region', { name: '3D map of Harbour' }));

    // With the focus elsewhere, Escape still closes it, and leaves the focus where it is.
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(elsewhere);
    fireEvent.keyDown(elsewhere, { key: 'Enter' });
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('leaves Escape to a dialog over it, and to a keyboard drag that cancels with it', () => {
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <div role="dialog" aria-label="Rename Parks">
          <input aria-label="Name" />
        </div>
        <FeatureInfo tree={[]} features={[]} onClose={onClose} />
      </>,
    );
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Escape' });
    const drag = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    drag.preventDefault();
    window.dispatchEvent(drag);
    expect(onClose).not.toHaveBeenCalled();
  });
});
