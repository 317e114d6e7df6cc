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
});
