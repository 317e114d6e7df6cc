import type { SavedView } from '@geows/contract';
import type { ToolContext } from '../tool';

/** How long the camera takes to fly to a chosen view: long enough to see where it goes. */
export const viewFlightSeconds = 1.5;

/**
 * Shows a saved view: flies there and ticks exactly its layers. The divider follows the
 * view only in a workspace whose compare is on; in one without, a view never turns it on.
 */
export function applyView(
  context: Pick<ToolContext, 'engine' | 'plugins' | 'showLayers' | 'setSplit'>,
  view: SavedView,
): void {
  context.engine?.flyTo(view.camera, viewFlightSeconds);
  context.showLayers(view.visible);
  if (context.plugins.splitPanel.enabled) context.setSplit(view.split ?? undefined);
}
