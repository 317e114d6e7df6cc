export { UserGroupsDialog } from './components/editor/layer-dialogs';
