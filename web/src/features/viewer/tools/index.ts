// What the viewer screen and the editor use of the tools: the list, and how they are mounted.
export { viewerTools } from './registry';
export type { ToolContext, ToolPanelProps, ToolSettingsProps, ViewerTool } from './tool';
export { ToolButtons } from './tool-buttons';
export { ToolDock } from './tool-dock';
export { useViewerTools } from './use-viewer-tools';
