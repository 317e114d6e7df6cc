import type { Datasource } from '@geows/contract';

/**
 * The server refuses to delete a data source while layers use it (docs/api.md, "Data
 * sources"): the list's usage says beforehand which of the chosen ones that is.
 */
export const isInUse = (source: Datasource) => source.workspaces.count > 0;

/** The chosen sources split into those a delete can remove and those it would be refused for. */
export function splitByUse(sources: readonly Datasource[]) {
  return { deletable: sources.filter((source) => !isInUse(source)), inUse: sources.filter(isInUse) };
}

/** The workspaces that use a source, each with its id when the server sent them (it does). */
export function usingWorkspaces(source: Datasource): { name: string; id: number | undefined }[] {
  const { names, ids } = source.workspaces;
  const linkable = ids !== undefined && ids.length === names.length;
  return names.map((name, index) => ({ name, id: linkable ? ids[index] : undefined }));
}
