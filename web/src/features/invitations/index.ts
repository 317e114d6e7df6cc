export { useMyInvitations } from './api/get-my-invitations';
export { InviteSection } from './components/invite-section';
export { InvitedNote } from './components/invited-note';
export { invitedDestination } from './invited-destination';
