/**
 * Whether `url` is a page of the site this app runs on (the same host and port, whatever
 * the scheme). Such a page in the frame would act with the viewer's rights: the server
 * refuses it on write, but a workspace imported by other means could still hold one.
 */
export function isThisSite(url: string, here: Pick<Location, 'host'> = window.location): boolean {
  try {
    return new URL(url).host === here.host.toLowerCase();
  } catch {
    return false;
  }
}
