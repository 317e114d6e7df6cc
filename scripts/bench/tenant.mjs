// The benchmark tenant as a file for `npm run seed:bench` (../shared/RUNTIME.md, "Benchmark data"):
// the shape and volume of the DRF peer's (../shared/bench/peer-drf/seed.py --dump), generated here
// so that the project's own benchmark needs nothing outside the repository. Deterministic: the same
// seed gives the same file.
//
//   user "bench": 20 accounts × 100 workspaces (plans, camera and plugin JSON), 5,000 data sources
//   each used by 0–5 of those workspaces; 50 other users with 2 accounts × 20 workspaces and 100
//   sources each, so that every tenancy filter has rows to skip; some editors across users.
import crypto from 'node:crypto';
import fs from 'node:fs';

export const benchUser = { username: 'bench', password: 'bench-password', email: 'bench@example.com' };

const volume = {
  benchAccounts: 20,
  workspacesPerBenchAccount: 100,
  benchSources: 5_000,
  maxLinksPerSource: 5,
  otherUsers: 50,
  accountsPerOtherUser: 2,
  workspacesPerOtherAccount: 20,
  sourcesPerOtherUser: 100,
};
const plans = ['Free', 'Basic', 'Pro', 'Enterprise'];
const types = ['WMS', 'WMTS', 'WFS', 'GeoJSON', '3D Tiles', 'Cesium Terrain', 'ArcGIS MapServer'];
const places = ['Amsterdam', 'Rotterdam', 'Utrecht', 'Den Haag', 'Eindhoven', 'Groningen', 'Delft', 'Zwolle'];
const topics = ['Bestemmingsplan', 'Kadaster', 'BAG panden', 'AHN4', 'Luchtfoto', 'Riolering', 'Bomen'];
const kinds = ['Projectviewer', 'Omgevingsplan', 'Participatie', 'Beheerkaart', 'Digital twin'];

/** mulberry32: a small seeded generator, enough for test data. */
function generator(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    hex: (bytes) =>
      Array.from({ length: bytes }, () =>
        Math.floor(next() * 256)
          .toString(16)
          .padStart(2, '0'),
      ).join(''),
  };
}

export function generateTenant(seed = 20_241_124) {
  const rng = generator(seed);
  const now = Date.parse('2026-06-01T12:00:00Z');
  const past = (days) => new Date(now - rng.int(0, days * 86_400) * 1000).toISOString();
  const camera = () =>
    JSON.stringify({
      position: {
        x: 3_800_000 + rng.next() * 150_000,
        y: 250_000 + rng.next() * 200_000,
        z: 5_000_000 + rng.next() * 100_000,
      },
      heading: rng.next() * 6.283,
      pitch: -0.2 - rng.next() * 1.3,
      roll: 0,
    });
  const plugins = () =>
    JSON.stringify({
      splitPanel: { enabled: rng.next() < 0.3, position: 0.5 },
      elevationWidget: {
        enabled: rng.next() < 0.5,
        profiles: [{ title: 'AHN3/AHN4', color: '#ff0000', ground: true }],
      },
      biWidget: { enabled: rng.next() < 0.2, url: `https://bi.example.com/embed/${rng.int(1000, 9999)}` },
    });

  const tenant = {
    seed,
    bench: { ...benchUser, token: rng.hex(20) },
    plans: plans.map((name, i) => ({ id: i + 1, name })),
    datasource_types: types.map((name, i) => ({ id: i + 1, name })),
    users: [],
    accounts: [],
    workspaces: [],
    workspace_editors: [],
    datasources: [],
    datasource_workspaces: [],
  };
  const ids = { account: 0, workspace: 0, source: 0 };

  function addUser(id, username, email) {
    tenant.users.push({ id, username, email, date_joined: past(700) });
  }
  function addAccount(admin) {
    const id = ++ids.account;
    const place = rng.pick(places);
    tenant.accounts.push({
      id,
      name: `Gemeente ${place} ${id}`,
      description: `Account for ${place}, geo-information department`,
      slug: `acc-${id}-${place.toLowerCase().replace(/\s+/g, '-')}`,
      admin,
    });
    return id;
  }
  function addWorkspace(account, admin) {
    const id = ++ids.workspace;
    const place = rng.pick(places);
    tenant.workspaces.push({
      id,
      name: `${rng.pick(kinds)} ${place} ${id}`,
      description: `Workspace for ${rng.pick(topics).toLowerCase()} in ${place}`,
      admin,
      account,
      plan: rng.int(1, plans.length),
      camera: camera(),
      workspacePlugins: plugins(),
      share_token: rng.next() < 0.5 ? rng.hex(16) : null,
      date_modified: past(365),
    });
    return id;
  }
  function addSource(admin) {
    const id = ++ids.source;
    tenant.datasources.push({
      id,
      name: `${rng.pick(topics)} ${rng.pick(places)} ${id}`,
      type: rng.int(1, types.length),
      admin,
      url: `https://geo.example.com/services/${id}`,
      date_modified: past(365),
    });
    return id;
  }

  addUser(1, benchUser.username, benchUser.email);
  const benchWorkspaces = [];
  for (let a = 0; a < volume.benchAccounts; a++) {
    const account = addAccount(1);
    for (let w = 0; w < volume.workspacesPerBenchAccount; w++) benchWorkspaces.push(addWorkspace(account, 1));
  }
  for (let s = 0; s < volume.benchSources; s++) {
    const source = addSource(1);
    const used = new Set();
    for (let n = rng.int(0, volume.maxLinksPerSource); n > 0; n--) used.add(rng.pick(benchWorkspaces));
    for (const workspace of used) tenant.datasource_workspaces.push({ datasource: source, workspace });
  }
  for (let u = 0; u < volume.otherUsers; u++) {
    const id = u + 2;
    const username = `user${String(u + 1).padStart(2, '0')}`;
    addUser(id, username, `${username}@example.org`);
    for (let a = 0; a < volume.accountsPerOtherUser; a++) {
      const account = addAccount(id);
      for (let w = 0; w < volume.workspacesPerOtherAccount; w++) {
        const workspace = addWorkspace(account, id);
        if (rng.next() < 0.05) tenant.workspace_editors.push({ workspace, user: 1 });
      }
    }
    for (let s = 0; s < volume.sourcesPerOtherUser; s++) addSource(id);
  }
  for (const workspace of benchWorkspaces) {
    if (rng.next() < 0.1)
      tenant.workspace_editors.push({ workspace, user: rng.int(2, volume.otherUsers + 1) });
  }
  return tenant;
}

/** `node scripts/bench/tenant.mjs FILE` writes the tenant; prints its size. */
if (process.argv[1] && import.meta.filename === fs.realpathSync(process.argv[1])) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: node scripts/bench/tenant.mjs FILE');
    process.exit(2);
  }
  const tenant = generateTenant();
  fs.writeFileSync(file, JSON.stringify(tenant));
  const digest = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 12);
  console.log(
    `${file}: ${tenant.users.length} users, ${tenant.accounts.length} accounts, ${tenant.workspaces.length} workspaces, ` +
      `${tenant.datasources.length} data sources, ${tenant.datasource_workspaces.length} layers (sha256 ${digest}…)`,
  );
}
