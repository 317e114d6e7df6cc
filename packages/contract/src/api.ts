import { accountsApi } from './accounts.js';
import { auditApi } from './audit.js';
import { authApi } from './auth.js';
import { dashboardApi } from './dashboard.js';
import { datasourceTypesApi } from './datasource-types.js';
import { datasourcesApi } from './datasources.js';
import { demoApi } from './demo.js';
import { elevationApi } from './elevation.js';
import type { Endpoint } from './endpoint.js';
import { healthApi } from './health.js';
import { invitationsApi } from './invitations.js';
import { layersApi } from './layers.js';
import { mfaApi } from './mfa.js';
import { sitesApi } from './sites.js';
import { userGroupsApi } from './user-groups.js';
import { usersApi } from './users.js';
import { workspacesApi } from './workspaces.js';

/** Every endpoint of the API, by domain: the server registers exactly these. */
export const api = {
  health: healthApi,
  sites: sitesApi,
  datasourceTypes: datasourceTypesApi,
  auth: authApi,
  mfa: mfaApi,
  users: usersApi,
  accounts: accountsApi,
  workspaces: workspacesApi,
  invitations: invitationsApi,
  demo: demoApi,
  datasources: datasourcesApi,
  layers: layersApi,
  userGroups: userGroupsApi,
  elevation: elevationApi,
  dashboard: dashboardApi,
  audit: auditApi,
} satisfies Record<string, Record<string, Endpoint>>;

export const allEndpoints: Endpoint[] = Object.values(api).flatMap((domain) => Object.values(domain));
