import TerrainIcon from '@mui/icons-material/TerrainOutlined';
import type { ViewerTool } from '../tool';
import { ElevationPanel } from './elevation-panel';
import { ElevationSettings } from './elevation-settings';

/** Heights along a line drawn on the map (RUNTIME.md `elevation`); offered while a profile is configured. */
export const elevationTool: ViewerTool = {
  id: 'elevation',
  label: (t) => t('elevation.name'),
  icon: TerrainIcon,
  available: ({ plugins }) => plugins.elevation.profiles.length > 0,
  Panel: ElevationPanel,
  Settings: ElevationSettings,
};
