import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dropEarlyScreen,
  dropEarlyScreenOutside,
  earlyScreenId,
  earlyScreenTemplateId,
  earlySlotAttribute,
} from './early-screen';

const bootScript = fs.readFileSync(path.join(import.meta.dirname, 'boot-script.js'), 'utf8');

/** The copy as the boot script lays it over the page. */
function drawnFor(pathname: string): HTMLElement {
  const screen = document.createElement('div');
  screen.id = earlyScreenId;
  screen.dataset.path = pathname;
  document.body.append(screen);
  return screen;
}

describe('the early heading', () => {
  afterEach(() => document.body.replaceChildren());

  it('is named alike by the boot script, which cannot import these names', () => {
    expect(bootScript).toContain(`getElementById('${earlyScreenTemplateId}')`);
    expect(bootScript).toContain(`screen.id = '${earlyScreenId}'`);
    expect(bootScript).toContain(`[${earlySlotAttribute}="\${name}"]`);
  });

  it('stays while the visit is on the page it was drawn for', () => {
    const screen = drawnFor('/account/acme');
    dropEarlyScreenOutside('/account/acme');
    expect(screen.isConnected).toBe(true);
  });

  it('goes when the visit moves to another page, or when the app draws the heading', () => {
    const screen = drawnFor('/account/acme');
    dropEarlyScreenOutside('/datasources');
    expect(screen.isConnected).toBe(false);
    const again = drawnFor('/account/acme');
    dropEarlyScreen();
    expect(again.isConnected).toBe(false);
  });

  it('leaves the prerendered template alone', () => {
    const template = document.createElement('template');
    template.id = earlyScreenTemplateId;
    document.body.append(template);
    dropEarlyScreen();
    dropEarlyScreenOutside('/elsewhere');
    expect(template.isConnected).toBe(true);
  });
});
