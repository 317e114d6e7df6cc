import { type Camera, pluginLimits, type SavedView } from '@geows/contract';

/**
 * The list operations of the views panel, as pure functions on the list as read: the
 * panel saves what they answer as the whole `views` key.
 */

/** Ten random hex digits: `crypto.getRandomValues`, unlike `randomUUID`, also works on a page served over plain http. */
const randomHex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(5)), (byte) => byte.toString(16).padStart(2, '0')).join(
    '',
  );

/** Short enough to read in a URL, random enough that two editors adding at once never collide. */
export function newViewId(taken: readonly SavedView[], random: () => string = randomHex): string {
  const used = new Set(taken.map((view) => String(view.id)));
  for (;;) {
    const id = random().replace(/-/g, '').slice(0, 10);
    if (!used.has(id)) return id;
  }
}

/** What the map shows now, as a view to save: `split` null while the divider is off. */
export function viewOfState(
  id: string,
  title: string,
  state: { camera: Camera; visible: readonly number[]; split: number | undefined },
): SavedView {
  return {
    id,
    title: title.trim(),
    camera: state.camera,
    visible: [...state.visible],
    split: state.split ?? null,
  };
}

export const canAddView = (views: readonly SavedView[]) => views.length < pluginLimits.views;

export const addView = (views: readonly SavedView[], view: SavedView): SavedView[] => [...views, view];

export const renameView = (views: readonly SavedView[], id: SavedView['id'], title: string): SavedView[] =>
  views.map((view) => (view.id === id ? { ...view, title: title.trim() } : view));

export const removeView = (views: readonly SavedView[], id: SavedView['id']): SavedView[] =>
  views.filter((view) => view.id !== id);

/** The list with one view moved one place up (-1) or down (+1); at either end it stays. */
export function moveView(views: readonly SavedView[], id: SavedView['id'], by: -1 | 1): SavedView[] {
  const from = views.findIndex((view) => view.id === id);
  const to = from + by;
  const next = [...views];
  const moved = next[from];
  if (from < 0 || to < 0 || to >= next.length || moved === undefined) return next;
  next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** A title as the contract takes it (1–100 characters once trimmed): the i18n key of what is wrong, or undefined. */
export function titleProblem(title: string): 'titleRequired' | 'titleTooLong' | undefined {
  const trimmed = title.trim();
  if (trimmed === '') return 'titleRequired';
  if (trimmed.length > pluginLimits.title) return 'titleTooLong';
  return undefined;
}
