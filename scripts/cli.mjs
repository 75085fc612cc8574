// `npm run cli -- <command>`: the operator command line, compiled like the server (see build-server.mjs).
import { buildServerIfStale } from './build-server.mjs';

await buildServerIfStale();
await import('../apps/server/dist/cli.js');
