// Roboto 100–900, self-hosted: Vite bundles the font files, no request leaves the origin.
// The weights the theme and screens use are in the first page's stylesheet; the rest follow
// once the app has started (loadRareFontWeights), so their @font-face rules do not block the
// first paint (they were 5/9 of it). Each @font-face has a unicode-range: only the scripts a
// page shows are downloaded.
import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';

export const loadRareFontWeights = () => import('./fonts-rare-weights');
