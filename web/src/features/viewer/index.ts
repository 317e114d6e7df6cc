export { layerKeys } from './api/layer-keys';
export { updateLayer } from './api/update-layer';
export { UserGroupsDialog } from './components/editor/layer-dialogs';
