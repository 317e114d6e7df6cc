import { config } from 'zod';

// zod compiles fast parsers with `new Function` unless told not to, and probes for it when
// the first object schema is built: under this app's CSP (no 'unsafe-eval') the probe
// fails quietly but is reported as a policy violation on every page, which would hide a
// real one (a script that made it into the page). Imported first by main.tsx, before any
// schema of the contract exists.
config({ jitless: true });
