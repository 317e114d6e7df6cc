import { type UploadSummary, uploadSummaryRows } from '@geows/contract';
import type { Extent, GeoJsonFeature } from './types.js';

/** A text longer than this is cut in the summary: it is a glimpse of the rows, not the data. */
const maxTextLength = 200;
/** A table of more columns than this is no glimpse either; the rest are left out. */
const maxAttributes = 50;

/** A value as one table cell: nested values as JSON text, long texts cut with an ellipsis. */
function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > maxTextLength ? `${text.slice(0, maxTextLength - 1)}…` : text;
}

/**
 * Sums an upload up as its features go by: geometry types with their counts, and the
 * attributes of the first rows. It holds no more than those rows, whatever the file's size.
 */
export class SummaryBuilder {
  private readonly types = new Map<string | null, number>();
  private readonly attributes: string[] = [];
  private readonly rows: Record<string, string | number | boolean | null>[] = [];

  add(feature: GeoJsonFeature): void {
    const type = feature.geometry?.type ?? null;
    this.types.set(type, (this.types.get(type) ?? 0) + 1);
    if (this.rows.length >= uploadSummaryRows) return;
    const cells: [string, string | number | boolean | null][] = [];
    for (const [name, value] of Object.entries(feature.properties ?? {})) {
      if (!this.attributes.includes(name)) {
        if (this.attributes.length >= maxAttributes) continue;
        this.attributes.push(name);
      }
      cells.push([name, cellOf(value)]);
    }
    // fromEntries defines each name as the row's own, `__proto__` included.
    this.rows.push(Object.fromEntries(cells));
  }

  /** Geometry types most frequent first (ties by name; features without a geometry last). */
  result(featureCount: number, extent: Extent | null): UploadSummary {
    const geometryTypes = [...this.types]
      .map(([type, count]) => ({ type, count }))
      .sort((a, b) =>
        a.type === null || b.type === null
          ? Number(a.type === null) - Number(b.type === null)
          : b.count - a.count || a.type.localeCompare(b.type),
      );
    return {
      feature_count: featureCount,
      geometry_types: geometryTypes,
      extent,
      attributes: [...this.attributes],
      rows: [...this.rows],
    };
  }
}
