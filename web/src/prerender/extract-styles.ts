/** An Emotion <style> element as React renders it on the server, before the element it styles. */
const emotionStyle = /<style data-emotion="([^"]+)"[^>]*>([\s\S]*?)<\/style>/g;

/**
 * Moves the Emotion styles out of server-rendered markup, as @emotion/server's extractCritical
 * does: the class rules in one <style data-emotion="css id…"> element, each global style in its
 * own (`css-global id`), which is how Emotion finds and adopts them in the browser. The markup
 * left is what the browser's first render produces (it renders no <style> elements there).
 * Several renders of one page (the app, and the templates beside it) share one set of styles;
 * a global style they all render is kept once, or Emotion would adopt one copy and leave the other
 * stale when the colour scheme changes.
 */
export function extractStyles(...renders: string[]): { markups: string[]; styles: string } {
  const classIds: string[] = [];
  const classRules: string[] = [];
  const globals = new Map<string, string>();
  const markups = renders.map((html) =>
    html.replace(emotionStyle, (_element, names: string, css: string) => {
      const [key, ...ids] = names.split(' ');
      if (key?.endsWith('-global')) {
        if (!globals.has(names)) globals.set(names, `<style data-emotion="${names}">${css}</style>`);
      } else {
        for (const id of ids) if (!classIds.includes(id)) classIds.push(id);
        classRules.push(css);
      }
      return '';
    }),
  );
  const classes = classIds.length
    ? `<style data-emotion="css ${classIds.join(' ')}">${classRules.join('')}</style>`
    : '';
  return { markups, styles: [...globals.values()].join('') + classes };
}
