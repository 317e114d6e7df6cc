import type { Workspace, WorkspacePlugins } from '@geows/contract';
import type SvgIcon from '@mui/material/SvgIcon';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';
import type { MapEngine } from '../../../viewer/map-engine';

/**
 * A workspace tool (RUNTIME.md, "Workspace tools"): the dashboard now; the split
 * compare, the elevation profile, measuring and saved views next. Each is one folder
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
};

/** A panel starts with a `ToolPanelHeader` (its heading, its actions, Close); the dock around it names it and sizes it. */
export type ToolPanelProps = ToolContext & { onClose: () => void };

export type ToolSettingsProps = { workspace: Workspace };
