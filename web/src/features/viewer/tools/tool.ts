import type { Layer, Workspace, WorkspacePlugins } from '@geows/contract';
import type SvgIcon from '@mui/material/SvgIcon';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { MapEngine } from '../../../viewer/map-engine';

/**
 * A workspace tool (RUNTIME.md, "Workspace tools"): saved views, the split compare, the
 * elevation profile, measuring and the dashboard. Each is one folder
 * under `tools/` exporting one `ViewerTool`; `tools/index.ts` lists them in toolbar
 * order, and the viewer screen and the editor mount whatever that list holds, so a new
 * tool touches no other tool and neither screen.
 */
export type ViewerTool = {
  /** Unique among the tools; also names what the tool keeps in the browser (its panel's size). */
  id: string;
  /** The tool's name: its toolbar button and its panel's label. */
  label: (t: TFunction) => string;
  icon: typeof SvgIcon;
  /** Whether the workspace offers the tool (e.g. the dashboard only when `bi.url` is set). */
  available: (context: ToolContext) => boolean;
  /** Shown beside the map (a bottom sheet on phones) while the tool's button is pressed. */
  Panel: ComponentType<ToolPanelProps>;
  /** Drawn over the map whenever the tool is offered, its panel open or not (the compare divider). */
  Overlay?: ComponentType<ToolContext>;
  /** The tool's settings in the editor's Details tab, for the workspace's admin and editors. */
  Settings?: ComponentType<ToolSettingsProps>;
};

/** What a tool may use: the workspace, its plugins as read (defaults filled in) and the map. */
export type ToolContext = {
  workspace: Workspace;
  plugins: WorkspacePlugins;
  /** A share link's token: a tool's own API calls send it on the share page. */
  token: string | undefined;
  /** The map once it runs: its methods take and answer plain values (camera, layer ids, pixels). */
  engine: MapEngine | undefined;
  /** The workspace's layer tree, as read. */
  tree: readonly Layer[];
  /** Whether the caller may save the tools' settings: the workspace's admin and editors, never on the share page. */
  canEdit: boolean;
  /** The ids of the layers ticked now (in the viewer the visitor's own ticks, in the editor the saved ones). */
  visibleLayers: readonly number[];
  /** Ticks exactly these layers and unticks the others (a saved view); the editor shows the saved ticks and ignores it. */
  showLayers: (ids: readonly number[]) => void;
  /** The compare divider's place (0…1) while the split is on, undefined while it is off. */
  split: number | undefined;
  /** Moves the divider, turns the split on (a number) or off (undefined), for this visit. */
  setSplit: (position: number | undefined) => void;
  /** The id of the saved view the page was opened at (`?view=`), if it still exists. */
  openingView: string | undefined;
};

/** A panel starts with a `ToolPanelHeader` (its heading, its actions, Close); the dock around it names it and sizes it. */
export type ToolPanelProps = ToolContext & { onClose: () => void };

export type ToolSettingsProps = { workspace: Workspace; tree: readonly Layer[] };
