import { demoApi } from '@geows/contract';
import { callApi } from '../../../api/client';

/**
 * `GET /api/demo`: the caller's demo workspace id, or 0. Asked afresh each time (after
 * a login, and by guard 2), so an operator's change takes effect on the next navigation.
 */
export const getDemoWorkspace = () => callApi(demoApi.workspace);
