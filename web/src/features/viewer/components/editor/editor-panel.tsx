import type { Layer, UserGroup, Workspace } from '@geows/contract';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerStatus } from '../../../../viewer/map-engine';
import { InviteSection } from '../../../invitations';
import { DetailsSection, EditorsSection, ShareLinksSection } from '../../../workspaces';
import { viewerTools } from '../../tools';
import { LayerEditor } from './layer-editor';

type Props = {
  workspace: Workspace;
  tree: readonly Layer[];
  statuses: Readonly<Record<string, LayerStatus>>;
  groups: readonly UserGroup[];
  onZoomTo: (id: number) => void;
  /** Held by the screen: the panel remounts when the layout turns (side panel, bottom sheet). */
  tab: EditorTab;
  onTab: (tab: EditorTab) => void;
};

export type EditorTab = 'layers' | 'details' | 'sharing';

/** The editor's side panel: the layers, the workspace's details (and its tools' settings), and how it is shared. */
export function EditorPanel({ workspace, tree, statuses, groups, onZoomTo, tab, onTab }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const tabs = [
    { value: 'layers', label: t('editor.layersTab') },
    { value: 'details', label: t('editor.detailsTab') },
    { value: 'sharing', label: t('editor.sharingTab') },
  ] as const;
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_event, value: EditorTab) => onTab(value)}
        variant="fullWidth"
        aria-label={t('editor.panel')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map(({ value, label }) => (
          <Tab
            key={value}
            value={value}
            label={label}
            id={`${id}-${value}`}
            aria-controls={`${id}-${value}-panel`}
          />
        ))}
      </Tabs>
      {tabs.map(({ value }) => (
        <Box
          key={value}
          role="tabpanel"
          id={`${id}-${value}-panel`}
          aria-labelledby={`${id}-${value}`}
          hidden={tab !== value}
        >
          {tab === value && value === 'layers' && (
            <LayerEditor
              workspace={workspace}
              tree={tree}
              statuses={statuses}
              groups={groups}
              onZoomTo={onZoomTo}
            />
          )}
          {tab === value && value === 'details' && (
            <Stack spacing={2} sx={{ p: 1.5 }}>
              <DetailsSection workspace={workspace} />
              {/* Each workspace tool's own settings (tools/registry.ts), e.g. the dashboard's address. */}
              {viewerTools.map(({ id: toolId, Settings }) =>
                Settings ? <Settings key={toolId} workspace={workspace} tree={tree} /> : null,
              )}
            </Stack>
          )}
          {tab === value && value === 'sharing' && (
            <Stack spacing={2} sx={{ p: 1.5 }}>
              <ShareLinksSection workspace={workspace} />
              <InviteSection workspaceId={workspace.id} />
              <EditorsSection workspace={workspace} />
            </Stack>
          )}
        </Box>
      ))}
    </Box>
  );
}
