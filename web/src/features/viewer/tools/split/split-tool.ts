import CompareIcon from '@mui/icons-material/Compare';
import type { ViewerTool } from '../tool';
import { SplitDivider } from './split-divider';
import { SplitPanel } from './split-panel';
import { SplitSettings } from './split-settings';

/**
 * Compare (RUNTIME.md `splitPanel`): layers on either side of a divider. Offered when the
 * workspace has it on, and always to its admin and editors, so that they can try the
 * divider before they turn it on for everyone.
 */
export const splitTool: ViewerTool = {
  id: 'split',
  label: (t) => t('split.name'),
  icon: CompareIcon,
  available: ({ plugins, canEdit }) => plugins.splitPanel.enabled || canEdit,
  Panel: SplitPanel,
  Overlay: SplitDivider,
  Settings: SplitSettings,
};
