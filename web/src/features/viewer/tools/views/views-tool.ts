import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import type { ViewerTool } from '../tool';
import { ViewsPanel } from './views-panel';

/**
 * Saved views (RUNTIME.md, `views`): places on the map with their layers and divider, to
 * return to and link to. Offered when the workspace has some, or to those who may add one.
 */
export const viewsTool: ViewerTool = {
  id: 'views',
  label: (t) => t('views.name'),
  icon: BookmarksIcon,
  available: ({ plugins, canEdit }) => plugins.views.length > 0 || canEdit,
  Panel: ViewsPanel,
};
