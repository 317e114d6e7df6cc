export { siteQueryOptions, useSite } from './api/get-site';
export { deriveSiteName } from './site-name';
export { type SiteBranding, useSiteBranding } from './use-site-branding';
