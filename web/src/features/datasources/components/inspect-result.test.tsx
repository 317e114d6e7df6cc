import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InspectResultPanel } from './inspect-result';

const layers = [
  { name: 'a', title: 'A' },
  { name: 'b', title: 'B' },
];

describe('InspectResultPanel', () => {
  it('says when the server cut a huge service’s list of layers, with the total', () => {
    renderWithProviders(
      <InspectResultPanel
        result={{
          title: 'Everything',
          extent: null,
          layers,
          details: { layersTruncated: true, layerCount: 74701 },
        }}
        picker={null}
        value=""
        onPick={() => {}}
      />,
    );
    expect(screen.getByText(`Layers (${(74701).toLocaleString()})`)).toBeTruthy();
    expect(
      screen.getByText(
        `The service offers ${(74701).toLocaleString()} layers; the first 2 are listed. Type the names of others in the layers field.`,
      ),
    ).toBeTruthy();
  });

  it('counts the layers it lists when the list is whole', () => {
    renderWithProviders(
      <InspectResultPanel
        result={{ title: 'Some', extent: null, layers, details: { version: '1.3.0' } }}
        picker={null}
        value=""
        onPick={() => {}}
      />,
    );
    expect(screen.getByText('Layers (2)')).toBeTruthy();
    expect(screen.queryByText(/first 2 are listed/)).toBeNull();
  });
});
