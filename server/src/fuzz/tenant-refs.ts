import fc from 'fast-check';
import type { FuzzTenant } from './fuzz-tenant.js';
import { expandNesting } from './hostile-values.js';

/** The two tenants: `A`, whose admin the fuzzer is, and `B`, someone else's. */
export type Tenants = { A: FuzzTenant; B: FuzzTenant };

type RefKey = keyof FuzzTenant['ids'] | 'shareToken' | 'email' | 'username' | 'password';

/**
 * A tenant's id or token, named rather than held: the tenant is seeded again when a
 * case deletes it, and a shrunk case must mean the same object when replayed.
 */
export class TenantRef {
  constructor(
    readonly tenant: keyof Tenants,
    readonly key: RefKey,
  ) {}

  resolve(tenants: Tenants): string | number {
    const tenant = tenants[this.tenant];
    if (this.key === 'shareToken') return tenant.shareToken;
    if (this.key === 'email') return tenant.email;
    if (this.key === 'username') return tenant.login.username;
    if (this.key === 'password') return tenant.login.password;
    return tenant.ids[this.key];
  }

  /** How fast-check prints it in a counterexample. */
  [fc.toStringMethod]() {
    return `${this.tenant}.${this.key}`;
  }
}

export type IdKind = keyof FuzzTenant['ids'];

const idKinds: IdKind[] = [
  'user',
  'editor',
  'account',
  'workspace',
  'datasource',
  'group',
  'layer',
  'userGroup',
  'member',
  'shareLink',
  'invitation',
];

/**
 * An id where the contract wants one of `kind`: most often tenant A's (the fuzzer's own,
 * so that valid requests get past the existence checks), often tenant B's of the same
 * kind (someone else's), now and then any id of either, or one nobody has.
 */
export function idOf(kind: IdKind | undefined): fc.Arbitrary<unknown> {
  const anyKind = fc.constantFrom(...idKinds);
  return fc.oneof(
    ...(kind
      ? [
          { arbitrary: fc.constant(new TenantRef('A', kind)), weight: 6 },
          { arbitrary: fc.constant(new TenantRef('B', kind)), weight: 3 },
        ]
      : []),
    { arbitrary: anyKind.map((any) => new TenantRef('A', any)), weight: 1 },
    { arbitrary: anyKind.map((any) => new TenantRef('B', any)), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 60 }), weight: 1 },
    { arbitrary: fc.integer({ min: 1, max: 2_147_483_647 }), weight: 1 },
  );
}

export const anyShareToken: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(new TenantRef('A', 'shareToken'), new TenantRef('B', 'shareToken')),
  fc.string({ maxLength: 60 }),
);

/** Sign-in details: now and then tenant A's own (a login that succeeds), B's, or a stranger's. */
export const anyUsername: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(new TenantRef('A', 'username'), new TenantRef('B', 'username')),
  fc.stringMatching(/^[\w.@+-]{1,30}$/),
);
export const anyPassword: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(new TenantRef('A', 'password')),
  fc.string({ minLength: 1, maxLength: 40 }),
);

export const anyEmail: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(new TenantRef('A', 'email'), new TenantRef('B', 'email')),
  fc.emailAddress({ size: 'small' }),
);

/**
 * JSON text of the value with every reference replaced by what it names now, and deep
 * nesting written out.
 */
export function jsonWithRefs(value: unknown, tenants: Tenants): string | undefined {
  const text = JSON.stringify(value, (_key, item) =>
    item instanceof TenantRef ? item.resolve(tenants) : item,
  );
  return text === undefined ? undefined : expandNesting(text);
}
