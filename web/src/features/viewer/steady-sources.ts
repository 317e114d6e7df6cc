import type { LayerSource } from '@geows/contract';

/**
 * A source as received, and when. The server seals a new capability into the address of
 * every uploaded or credentialed source each time the sources are read (it lives 12 hours):
 * the same source then comes back at another address, which the map would take for a new
 * layer and load again (the flicker after every tree edit, which reads the sources again).
 */
export type HeldSource = { source: LayerSource; since: number };

/** How long an address with a capability is kept over a fresh one: well inside the capability's life. */
export const capabilityKeptMs = 6 * 60 * 60 * 1000;

/** The address without the capability in it: `/proxy/{capability}/…` or `?capability=`. */
export function withoutCapability(url: string): string {
  const [path = '', query] = url.split('?', 2);
  const bare = path.replace(/\/proxy\/[^/]+\//, '/proxy/-/');
  if (query === undefined) return bare;
  const params = new URLSearchParams(query);
  params.delete('capability');
  const rest = params.toString();
  return rest ? `${bare}?${rest}` : bare;
}

/** Whether two answers for a layer draw the same thing: equal but for a capability in the address. */
export function sameSource(a: LayerSource, b: LayerSource): boolean {
  const bare = (source: LayerSource) => {
    const { url, ...config } = source.config as { url?: unknown };
    return JSON.stringify([
      source.layer,
      source.data_source,
      source.type,
      source.key,
      source.proxied,
      config,
      typeof url === 'string' && source.proxied ? withoutCapability(url) : url,
    ]);
  };
  return bare(a) === bare(b);
}

/**
 * The sources by layer, keeping the source held before for a layer whose fresh answer
 * differs only by its capability (and was received less than `capabilityKeptMs` ago), so
 * the map sees the same address and keeps the layer as it is.
 */
export function steadySources(
  held: ReadonlyMap<number, HeldSource>,
  fresh: readonly LayerSource[],
  now: number,
): Map<number, HeldSource> {
  return new Map(
    fresh.map((source) => {
      const before = held.get(source.layer);
      const keep = before && now - before.since < capabilityKeptMs && sameSource(before.source, source);
      return [source.layer, keep ? before : { source, since: now }];
    }),
  );
}
