import { printLoad } from './mixed-load.js';

/**
 * `npm run bench:load`: the load run alone (a local stack of its own; LOAD_USERS, LOAD_SECONDS and LOAD_MAX_REQUESTS
 * set its size). Exits non-zero when any request failed.
 */
const result = await printLoad();
process.exit(result.errors > 0 ? 1 : 0);
