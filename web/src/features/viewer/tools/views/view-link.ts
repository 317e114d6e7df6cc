/** The editor's own address (`/workspace/{id}`): a link from it opens the viewer, which everyone with access may see. */
const editorPath = /^\/workspace\/(\d+)\/?$/;

/**
 * The address that opens this map at a saved view (RUNTIME.md, `views`): the viewer's
 * `/workspace/view/{id}?view=…`, or on the share page the share link itself, so a
 * visitor without a login passes on a link that works for others like them. Any other
 * query (e.g. the tests' `?e2e`) is left out.
 */
export function viewLink(origin: string, pathname: string, viewId: string): string {
  const editor = editorPath.exec(pathname);
  const path = editor ? `/workspace/view/${editor[1]}` : pathname;
  return `${origin}${path}?${new URLSearchParams({ view: viewId })}`;
}
