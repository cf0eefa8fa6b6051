import { printWebBundles } from './web-bundles.js';

/** `npm run bench:web`: the JavaScript a first visit to `/` and to `/dashboard` downloads. */
await printWebBundles();
