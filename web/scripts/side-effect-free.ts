/**
 * The files the bundler is told have no side effects (vite.config.ts): a feature's components/
 * and api/ folders, whose files only declare. Importing a feature's index.ts for one export then
 * fetches that export's modules, not every screen the index names. A statement such a file ran
 * for its effect alone would be dropped whenever none of the file's exports is used;
 * scripts/side-effect-free-features.test.mjs keeps them declarations only.
 */
export const sideEffectFreeModule =
  /[\\/]src[\\/]features[\\/][^\\/]+[\\/](components|api)[\\/][^\\/]+\.tsx?$/;
