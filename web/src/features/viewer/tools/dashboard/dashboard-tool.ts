import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import type { ViewerTool } from '../tool';
import { DashboardPanel } from './dashboard-panel';
import { DashboardSettings } from './dashboard-settings';

/** The workspace's dashboard (`bi.url`) beside the map; offered only when the workspace has one. */
export const dashboardTool: ViewerTool = {
  id: 'dashboard',
  label: (t) => t('dashboard.name'),
  icon: DashboardIcon,
  available: ({ plugins }) => plugins.bi.url !== '',
  Panel: DashboardPanel,
  Settings: DashboardSettings,
};
