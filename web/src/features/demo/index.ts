export { getDemoWorkspace } from './api/get-demo-workspace';
