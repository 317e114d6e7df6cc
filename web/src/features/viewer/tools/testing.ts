import { type Layer, readWorkspacePlugins, type Workspace } from '@geows/contract';
import { vi } from 'vitest';
import type { MapEngine } from '../../../viewer/map-engine';
import type { ToolContext, ToolPanelProps } from './tool';

/** Workspace 5 of account 1, version 3, with these plugins (as the text the API stores). */
export const workspaceWith = (plugins: object, overrides: Partial<Workspace> = {}): Workspace => ({
  id: 5,
  name: 'Harbour',
  description: '',
  admin: 7,
  account: 1,
  plan: null,
  editors: [],
  camera: '{}',
  workspacePlugins: JSON.stringify(plugins),
  rights: 'view',
  version: 3,
  ...overrides,
});

/** A layer, or a group when it holds layers. */
export const layer = (id: number, name: string, layers: Layer[] = []): Layer => ({
  id,
  name,
  visible: true,
  data_source: layers.length > 0 ? null : id,
  template: '{}',
  user_groups: [],
  layers,
});

/** Only the map methods a test gives, typed as the whole engine: a call to another fails loudly. */
export const fakeEngine = <T extends Partial<MapEngine>>(methods: T) => methods as unknown as MapEngine & T;

/**
 * What a tool gets from the viewer screen: a visitor's context on `workspace` (plugins read
 * from it, nothing ticked, no map, the split off), with `overrides`.
 */
export function toolContext(overrides: Partial<ToolContext> = {}): ToolContext {
  const workspace = overrides.workspace ?? workspaceWith({});
  return {
    workspace,
    plugins: readWorkspacePlugins(workspace.workspacePlugins),
    token: undefined,
    engine: undefined,
    tree: [],
    canEdit: false,
    visibleLayers: [],
    showLayers: vi.fn(),
    split: undefined,
    setSplit: vi.fn(),
    openingView: undefined,
    ...overrides,
  };
}

/** A tool's panel props: `toolContext(overrides)` and a Close. */
export const panelProps = ({
  onClose = vi.fn(),
  ...overrides
}: Partial<ToolPanelProps> = {}): ToolPanelProps => ({
  ...toolContext(overrides),
  onClose,
});
