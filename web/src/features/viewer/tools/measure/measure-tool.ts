import StraightenIcon from '@mui/icons-material/Straighten';
import type { ViewerTool } from '../tool';
import { MeasurePanel } from './measure-panel';

/** Distances, areas and heights of points placed on the map; offered everywhere, the share page included. */
export const measureTool: ViewerTool = {
  id: 'measure',
  label: (t) => t('measure.name'),
  icon: StraightenIcon,
  available: () => true,
  Panel: MeasurePanel,
};
