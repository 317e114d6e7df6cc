import { dashboardTool } from './dashboard/dashboard-tool';
import { elevationTool } from './elevation/elevation-tool';
import { measureTool } from './measure/measure-tool';
import { splitTool } from './split/split-tool';
import type { ViewerTool } from './tool';
import { viewsTool } from './views/views-tool';

/** Every workspace tool, in the order of their toolbar buttons and editor settings: adding one is one line here. */
export const viewerTools: readonly ViewerTool[] = [
  viewsTool,
  splitTool,
  elevationTool,
  measureTool,
  dashboardTool,
];
