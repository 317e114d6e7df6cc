/**
 * An account page's heading drawn before the app's code has run (issue 26). The shell the server
 * sends has an empty main area; the boot script (boot-script.js) already reads the caller's
 * accounts as the page arrives, and once the answer names the page's account it fills a copy of
 * the prerendered heading (early-screen-template.tsx: the account screen's own `Screen` frame,
 * drawn at build time) and lays it over the main area, where the app's heading will be drawn. On
 * a phone that is seconds before the app's code has loaded and run.
 *
 * The copy lies outside #root (the app takes #root over and would not expect it there), is hidden
 * from assistive technology (the app's heading is the page's real one) and is dropped by the app
 * as soon as the page draws its own heading, or the visit moves elsewhere.
 */

/** The id of the prerendered `<template>`, and of the copy laid over the page. */
export const earlyScreenTemplateId = 'early-screen-template';
export const earlyScreenId = 'early-screen';

/** The attribute on the template's stand-ins that the boot script fills: `title` and `intro`. */
export const earlySlotAttribute = 'data-early-slot';

const earlyScreen = (): HTMLElement | null =>
  typeof document === 'undefined' ? null : document.getElementById(earlyScreenId);

/** Drops the early heading: the app has drawn the page's own. */
export function dropEarlyScreen(): void {
  earlyScreen()?.remove();
}

/** Drops the early heading unless it was drawn for `pathname` (the visit has moved elsewhere). */
export function dropEarlyScreenOutside(pathname: string): void {
  const screen = earlyScreen();
  if (screen && screen.dataset.path !== pathname) screen.remove();
}
