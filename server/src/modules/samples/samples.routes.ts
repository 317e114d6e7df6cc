import { workspacesApi } from '@geows/contract';
import type { RegisterEndpoint } from '../../lib/endpoint-routes.js';
import { userOf } from '../auth/authenticate.js';
import type { SamplesService } from './samples.service.js';

export function samplesRoutes(route: RegisterEndpoint, { samples }: { samples: SamplesService }) {
  route(workspacesApi.createSample, async (request) => samples.create(userOf(request), request.body.account));
}
