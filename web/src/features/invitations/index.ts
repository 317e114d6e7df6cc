export { InviteSection } from './components/invite-section';
