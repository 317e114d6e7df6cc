import { dashboardTool } from './dashboard/dashboard-tool';
import type { ViewerTool } from './tool';

/** Every workspace tool, in the order of their toolbar buttons and editor settings: adding one is one line here. */
export const viewerTools: readonly ViewerTool[] = [dashboardTool];
