import { useCallback, useMemo, useState } from 'react';
import { viewerTools } from './registry';
import type { ToolContext } from './tool';

/**
 * The tools the workspace offers and the one whose panel is open (one at a time: they
 * share the dock). A tool that stops being offered (its setting emptied) closes.
 */
export function useViewerTools(context: ToolContext | undefined) {
  const [openId, setOpenId] = useState<string | undefined>(undefined);
  const available = useMemo(
    () => (context ? viewerTools.filter((tool) => tool.available(context)) : []),
    [context],
  );
  const open = available.find((tool) => tool.id === openId);
  const toggle = useCallback((id: string) => setOpenId((current) => (current === id ? undefined : id)), []);
  const close = useCallback(() => setOpenId(undefined), []);
  return { available, open, toggle, close };
}
