/** Where page views go. Implementations receive route patterns only, never real paths. */
export interface Analytics {
  pageView(pattern: string): void;
}

export const noopAnalytics: Analytics = { pageView: () => {} };
