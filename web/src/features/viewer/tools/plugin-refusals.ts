import type { TFunction } from 'i18next';

/**
 * The server's own refusals of a tool's settings (server/src/modules/workspaces/
 * workspace-plugins.ts: what only it can check) in the interface's language. Shapes are
 * checked here with the contract's schemas before anything is sent, so what reaches the
 * user from the server is one of these; any other text is shown as sent.
 */
const refusals: readonly { pattern: RegExp; text: (match: RegExpExecArray, t: TFunction) => string }[] = [
  {
    pattern: /^(\S+) must hold layers of this workspace: (\d+) is not one\.$/,
    text: ([, key, id], t) => t('tools.refusedLayer', { key, id }),
  },
  {
    pattern:
      /^(\S+) must be an elevation data source \(WCS, GeoTIFF or Cesium terrain\) of this workspace's account: (\d+) is not one\.$/,
    text: ([, key, id], t) => t('tools.refusedSource', { key, id }),
  },
  {
    pattern: /^bi\.url must not be on this site's own origin/,
    text: (_match, t) => t('tools.refusedOwnSite'),
  },
];

export function refusalText(message: string, t: TFunction): string {
  for (const { pattern, text } of refusals) {
    const match = pattern.exec(message);
    if (match) return text(match, t);
  }
  return message;
}
