import { demoApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { userOf } from '../auth/authenticate.js';
import type { DemoService } from './demo.service.js';

export function demoRoutes(route: RegisterEndpoint, { demo }: { demo: DemoService }) {
  route(demoApi.workspace, async (request) => demo.workspaceOf(userOf(request)));
}
