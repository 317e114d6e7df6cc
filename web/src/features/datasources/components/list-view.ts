import type { Datasource, DatasourceOrdering } from '@geows/contract';

/** What the table (desktop) and the cards (phone) show of one page, and what they can do. */
export type ListViewProps = {
  rows: Datasource[];
  /** The first answer has not come yet: nothing to show, not even "none found". */
  pending: boolean;
  selected: ReadonlyMap<number, Datasource>;
  onToggle: (source: Datasource, on: boolean) => void;
  onToggleAll: (on: boolean) => void;
  ordering: DatasourceOrdering;
  onOrderingChange: (next: DatasourceOrdering) => void;
  typeName: (id: number) => string;
  formatDate: (iso: string) => string;
  onDelete: (source: Datasource) => void;
};

/** The state of the page's select-all checkbox. */
export function pageSelection(rows: readonly Datasource[], selected: ReadonlyMap<number, Datasource>) {
  const selectedOnPage = rows.filter((row) => selected.has(row.id)).length;
  const all = rows.length > 0 && selectedOnPage === rows.length;
  return { all, some: selectedOnPage > 0 && !all };
}

/** The table's sortable headers: clicking one sorts by it, clicking it again turns the order around. */
export const nextOrdering = (
  current: DatasourceOrdering,
  column: 'name' | 'date_modified',
): DatasourceOrdering => {
  if (column === 'name') return current === 'name' ? '-name' : 'name';
  return current === '-date_modified' ? 'date_modified' : '-date_modified';
};
