import type { Invitation } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { invitedDestination, invitedWorkspaces } from './invited-destination';

const invitation = (id: number, workspace: number, name: string): Invitation => ({
  id,
  workspace: { id: workspace, name },
  email: 'bob@example.org',
  created: '2025-03-04T12:00:00.000Z',
});

describe('where an invited colleague goes after their first account', () => {
  it('nobody invited them: nowhere in particular', () => {
    expect(invitedDestination([])).toBeUndefined();
  });

  it('one workspace: its view', () => {
    expect(invitedDestination([invitation(1, 5, 'Harbour')])).toBe('/workspace/view/5');
  });

  it('the same workspace twice (invited by two editors) is still one', () => {
    const twice = [invitation(1, 5, 'Harbour'), invitation(2, 5, 'Harbour')];
    expect(invitedWorkspaces(twice)).toEqual([{ id: 5, name: 'Harbour' }]);
    expect(invitedDestination(twice)).toBe('/workspace/view/5');
  });

  it('several workspaces: the list of those shared with them', () => {
    expect(invitedDestination([invitation(1, 5, 'Harbour'), invitation(2, 6, 'Dikes')])).toBe('/shared');
  });
});
