import { datasourceTypeDefinitions, defaultLoadingText, messages } from '@geows/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nl } from './nl';

/** Every leaf key as a dotted path, so a missing nested key shows up by name. */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('translation catalogs', () => {
  it('have exactly the same keys in English and Dutch', () => {
    expect(keysOf(nl).sort()).toEqual(keysOf(en).sort());
  });

  it('only hold non-empty strings', () => {
    for (const value of [...leaves(en), ...leaves(nl)]) {
      expect(typeof value).toBe('string');
      expect(value).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    const enLeaves = Object.fromEntries(keysOf(en).map((k, i) => [k, leaves(en)[i]]));
    const nlLeaves = Object.fromEntries(keysOf(nl).map((k, i) => [k, leaves(nl)[i]]));
    for (const key of Object.keys(enLeaves)) {
      expect(vars(String(nlLeaves[key])), key).toEqual(vars(String(enLeaves[key])));
    }
  });

  it('keep the texts of docs/product.md word for word', () => {
    expect(en.shell.loadingContent).toBe(defaultLoadingText);
    expect(en.shell.support).toBe('For questions and support reach us at {{email}}');
    expect(en.menu.login).toBe('Login');
    expect(en.validation).toEqual(messages);
  });

  it("keep the identity screens' texts of docs/product.md word for word", () => {
    expect(en.auth).toMatchObject({
      username: 'Username',
      password: 'Password',
      login: 'Login',
      forgottenPassword: 'Forgotten password?',
      verifyTitle: 'Verifieer login',
      verificationCode: 'Verificatie code',
      verify: 'Verifieer',
    });
    expect(en.register).toMatchObject({
      email: 'Email',
      confirmPassword: 'Confirm Password',
      success: 'Registration successfull!',
      checkEmail: 'Check your email to confirm your account!',
    });
    expect(en.register.intro).toContain('30 days free');
    expect(en.activation).toMatchObject({
      wait: 'Just a sec ...',
      success: 'Account activated, redirecting to login',
    });
    expect(en.reset).toMatchObject({
      title: 'Reset password',
      email: 'Email',
      success: 'Check your inbox to reset your password',
    });
    expect(en.passwordReset).toMatchObject({
      newPassword: 'New password',
      confirmPassword: 'Confirm Password',
      success: 'Your password has been reset',
    });
    expect(en.profile).toMatchObject({
      username: 'Username',
      email: 'Email',
      joined: 'Joined',
      lastLogin: 'Last login',
      deleteAccount: 'Delete account',
      confirmDelete: 'Are you sure you want to delete the account!',
      security: 'Beveiliging',
      details: 'Profile details',
      company: 'Company name',
      street: 'Street',
      number: 'Housenumber',
      city: 'City',
      country: 'Country',
      changePassword: 'Change password',
      updated: 'Profile updated',
      passwordChanged: 'Password changed',
      failed: 'Something went wrong',
      mfaActivated: 'Verificatie geactiveerd',
      mfaDeactivated: 'Verificatie gedeactiveerd',
    });
    expect(en.menu).toMatchObject({ profile: 'Profile', logout: 'Logout' });
  });

  it("keep the account screens' texts of docs/product.md word for word", () => {
    expect(en.menu).toMatchObject({
      sharedWorkspaces: 'Shared Workspaces',
      datasources: 'Datasources',
      userGroups: 'User groups',
      createAccount: 'Create account',
      manageAccounts: 'Manage accounts',
    });
    expect(en.account).toMatchObject({
      workspaces: 'Workspaces',
      plan: 'Plan',
      createWorkspace: 'Create Workspace',
      confirmDeleteWorkspace: 'Are you sure you want to delete this workspace?',
      noWorkspaces: 'No workspaces found, press Create Workspace to get started',
    });
    expect(en.sharedWorkspaces).toMatchObject({
      title: 'Workspaces shared with you',
      view: 'View',
      empty: 'No shared workspaces found',
    });
    expect(en.accounts).toMatchObject({
      title: 'Accounts',
      edit: 'Edit',
      delete: 'Delete',
      confirmDelete: 'Are you sure you want to delete this account?',
    });
    expect(en.createAccount).toMatchObject({
      title: 'Create account',
      noAccount: 'Create an account to get started',
      name: 'Account name',
      description: 'Account description',
      submit: 'Create account',
    });
    expect([en.workspace.rightsAdmin, en.workspace.rightsEdit, en.workspace.rightsView]).toEqual([
      'Admin',
      'Edit',
      'View',
    ]);
  });

  it("keep the data source and user group screens' texts of docs/product.md word for word", () => {
    expect(en.datasources).toMatchObject({
      title: 'Data sources',
      create: 'Create data source',
      deleteSelected: 'Delete selected',
      empty: 'No data sources found',
      name: 'Name',
      type: 'Type',
      unknownType: 'Unknown',
      modified: 'Modified',
      used: 'Used',
      workspaces: 'Workspace(s)',
      edit: 'Edit',
      delete: 'Delete',
      cancel: 'Cancel',
    });
    expect(en.datasourceForm).toMatchObject({
      connectService: 'Connect a service',
      uploadFile: 'Upload a file',
      testConnection: 'Test connection',
      secretSaved: 'Saved — leave empty to keep',
      saved: 'Data source saved',
    });
    expect(en.userGroups).toMatchObject({
      title: 'User Groups',
      empty: 'No user groups found.',
      name: 'Name',
      create: 'Create group',
      delete: 'Delete',
      cancel: 'Cancel',
      members: 'Members',
      email: 'E-mail',
      add: 'Add',
      remove: 'Remove',
      pending: 'Waiting for registration',
    });
    expect(en.userGroups.intro).toContain('User groups can be added to individual layers');
    expect(en.validation.fieldRequired).toBe('This field is required');
  });

  it('name and explain every config field of every data source type, in both languages', () => {
    for (const definition of datasourceTypeDefinitions) {
      for (const field of Object.keys(definition.config.shape)) {
        if (field === 'uploaded') continue;
        expect(en.datasourceFields, `${definition.key}.${field}`).toHaveProperty(field);
        expect(nl.datasourceFields, `${definition.key}.${field}`).toHaveProperty(field);
      }
    }
  });
});
