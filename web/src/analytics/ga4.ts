import type { Analytics } from './analytics';
import { isSensitivePattern } from './route-pattern';

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export type Ga4Options = {
  measurementId: string;
  origin?: string;
  /** Adds gtag.js to the page; replaced in tests. */
  loadScript?: (src: string) => void;
};

function appendScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/**
 * Google Analytics 4 through gtag.js, loaded lazily on the first page view that is not
 * on a share, reset or activation route (no third-party script there). Every hit,
 * automatic ones included, carries the route pattern as its location, never the real URL.
 */
export function createGa4Analytics({
  measurementId,
  origin = window.location.origin,
  loadScript = appendScript,
}: Ga4Options): Analytics {
  let loaded = false;

  function load(pageLocation: string) {
    loaded = true;
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads the `arguments` object itself, not an array copy of it.
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js requires the Arguments object.
      window.dataLayer?.push(arguments);
    };
    window.gtag('js', new Date());
    window.gtag('config', measurementId, { send_page_view: false, page_location: pageLocation });
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`);
  }

  return {
    pageView(pattern) {
      const pageLocation = origin + pattern;
      if (!loaded) {
        if (isSensitivePattern(pattern)) return;
        load(pageLocation);
      }
      window.gtag?.('set', { page_location: pageLocation, page_referrer: '' });
      window.gtag?.('event', 'page_view', { page_location: pageLocation, send_to: measurementId });
    },
  };
}
