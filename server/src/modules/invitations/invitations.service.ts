import type { CreateInvitationRequest, PageQuery } from '@geows/contract';
import type { AppContext } from '../../context.js';
import { notFound, tooManyRequests, validationFailed } from '../../lib/errors.js';
import { composeMail } from '../../lib/mail.js';
import { pageFromDb } from '../../lib/pagination.js';
import { recordAudit } from '../audit/record.js';
import { findUserByEmail } from '../auth/auth.repository.js';
import type { AuthedUser } from '../auth/authenticate.js';
import type { SitesService } from '../sites/sites.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { presentInvitation } from './invitations.presenter.js';
import * as repo from './invitations.repository.js';

const INVITES_PER_HOUR = 100;
const MAILS_PER_ADDRESS_PER_HOUR = 3;

export function createInvitationsService(
  ctx: AppContext,
  deps: { workspaces: WorkspacesService; sites: SitesService },
) {
  const { db } = ctx;

  /** At most a few mails per address an hour, whatever the workspace: the server is nobody's spam cannon. */
  async function mailInvitee(
    caller: AuthedUser,
    workspaceName: string,
    email: string,
    requestOrigin?: string,
  ) {
    if (
      (await ctx.throttle.hit(`invite-mail:${email.toLowerCase()}`, 60 * 60_000)).count >
      MAILS_PER_ADDRESS_PER_HOUR
    ) {
      return;
    }
    const { origin, title: siteTitle } = await deps.sites.mailSite(requestOrigin);
    const invitee = await findUserByEmail(db, email);
    await ctx.mailer.send(
      composeMail({
        to: email,
        siteTitle,
        subject: `${caller.username} shared a workspace with you`,
        paragraphs: [
          `${caller.username} invited you to the workspace "${workspaceName}".`,
          invitee
            ? 'Log in to find it under Shared Workspaces.'
            : `Register with this e-mail address (${email}) and create your account: the workspace opens right after, and stays under Shared Workspaces.`,
        ],
        link: invitee
          ? { label: 'Open your shared workspaces', url: `${origin}/shared` }
          : { label: 'Register', url: `${origin}/register` },
      }),
    );
  }

  return {
    /** Without a workspace: the caller's own invitations; with one: its invitations, for its admin and editors. */
    async list(caller: AuthedUser, query: PageQuery & { workspace?: number | undefined }) {
      const workspaceId = query.workspace;
      if (workspaceId !== undefined) await deps.workspaces.access(caller, workspaceId, 'edit');
      const filter: repo.InvitationFilter =
        workspaceId === undefined ? { email: caller.email } : { workspaceId };
      return pageFromDb(
        query,
        async (window) => (await repo.listInvitations(db, filter, window)).map(presentInvitation),
        () => repo.countInvitations(db, filter),
      );
    },

    async create(caller: AuthedUser, input: CreateInvitationRequest, requestOrigin: string | undefined) {
      const { workspace } = await deps.workspaces.access(caller, input.workspace, 'edit');
      if (input.email.toLowerCase() === caller.email.toLowerCase()) {
        throw validationFailed({ email: ['You cannot invite yourself.'] });
      }
      if ((await ctx.throttle.hit(`invite:${caller.id}`, 60 * 60_000)).count > INVITES_PER_HOUR) {
        throw tooManyRequests('You sent many invitations in the last hour. Try again later.');
      }
      const row = await db.transaction(async (tx) => {
        const invitation = await repo.insertInvitation(tx, {
          workspaceId: workspace.id,
          email: input.email,
          inviterId: caller.id,
        });
        if (invitation)
          await recordAudit(tx, {
            kind: 'invitation_created',
            actor: caller,
            account: workspace.accountId,
            object: { type: 'invitation', id: invitation.id, label: invitation.email },
            details: { workspace: workspace.id, workspace_name: workspace.name },
          });
        return invitation;
      });
      if (!row) throw validationFailed({ email: ['This address is already invited to this workspace.'] });
      // The invitation stands whether or not the mail goes out: the invitee also finds it under Shared Workspaces.
      ctx.background.run(() => mailInvitee(caller, workspace.name, input.email, requestOrigin));
      return presentInvitation(row);
    },

    /** By the workspace's admin or editors, or by the invitee (declining). No rights: 404; too few: 403. */
    async remove(caller: AuthedUser, id: number) {
      const row = await repo.findInvitation(db, id);
      if (!row) throw notFound();
      if (row.email.toLowerCase() !== caller.email.toLowerCase()) {
        await deps.workspaces.access(caller, row.workspaceId, 'edit');
      }
      await db.transaction(async (tx) => {
        await repo.deleteInvitation(tx, id);
        await recordAudit(tx, {
          kind: 'invitation_removed',
          actor: caller,
          account: row.accountId,
          object: { type: 'invitation', id, label: row.email },
          details: { workspace: row.workspaceId, workspace_name: row.workspaceName },
        });
      });
    },
  };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
