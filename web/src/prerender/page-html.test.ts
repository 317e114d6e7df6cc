import { describe, expect, it } from 'vitest';
import { extractStyles } from './extract-styles';
import { pageHtml } from './page-html';

const global = '<style data-emotion="css-global abc">:root{--x:1}</style>';

describe('extractStyles', () => {
  it('keeps a global style several renders share once, and every class rule', () => {
    const app = `${global}<style data-emotion="css a1">.css-a1{color:red}</style><div class="css-a1"></div>`;
    const template = `${global}<style data-emotion="css b2">.css-b2{margin:0}</style><p class="css-b2"></p>`;
    const { markups, styles } = extractStyles(app, template);
    expect(markups).toEqual(['<div class="css-a1"></div>', '<p class="css-b2"></p>']);
    expect(styles.match(/css-global abc/g)).toHaveLength(1);
    expect(styles).toContain('<style data-emotion="css a1 b2">.css-a1{color:red}.css-b2{margin:0}</style>');
  });
});

describe('pageHtml', () => {
  // As the build writes it: the entry, the app's preloads, and the engine's (engine-files-plugin.ts).
  const template = [
    '<html lang="en"><head>',
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
    '<link rel="modulepreload" crossorigin href="/assets/cesium-engine.js" data-engine>',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it('puts the templates after #root, whose markup the app takes over as it is', () => {
    const html = pageHtml(
      template,
      { markup: '<main></main>', templates: '<template id="t"></template>', styles: '', media: {} },
      { page: 'shell', language: 'en' },
    );
    expect(html).toContain('<div id="root"><main></main></div><template id="t"></template>');
  });

  it("leaves the engine's preloads to index.html, the map's page, and defers the app's own", () => {
    const html = pageHtml(template, { markup: '', styles: '', media: {} }, { page: 'shell', language: 'en' });
    expect(html).not.toContain('cesium-engine');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('data-entry="/assets/index.js" data-entry-imports="/assets/vendor.js"');
  });
});
