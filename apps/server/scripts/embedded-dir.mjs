// Makes the embedded database's data directories, in a node process of its own.
//
//   node embedded-dir.mjs template [FILE]   npm install's step: keeps one freshly created data directory (as a
//                                           tarball named by PGlite's version, or at FILE) that new ones copy
//   node embedded-dir.mjs create DIR OPTIONS [TEMPLATE]
//                                           a new data directory at DIR, copied from TEMPLATE (or the kept one)
//                                           when there is one, else made by PGlite's initdb
//
// PGlite's initdb runs a second PostgreSQL and peaks near 750 MB, and V8 frees that memory only after a couple
// of full collections, which an idle server may not run for hours; copying a tarball peaks near 300 MB. A
// process of its own gives all of it back when it ends. A directory is made beside DIR and renamed into place,
// so a failure never leaves half a database where the server looks for one.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { PGlite } = require('@electric-sql/pglite');

function keptTemplateFile() {
  const { version } = JSON.parse(
    readFileSync(
      path.join(path.dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'),
      'utf8',
    ),
  );
  const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  return path.join(serverDir, '.embedded', `pglite-${version}.tar.gz`);
}

async function keepTemplate(file = keptTemplateFile()) {
  if (existsSync(file)) return;
  const database = new PGlite();
  await database.waitReady;
  const dump = await database.dumpDataDir('gzip');
  await database.close();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
}

async function create(dir, options, templateFile = keptTemplateFile()) {
  const building = `${dir}.new-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const template = existsSync(templateFile) ? new Blob([readFileSync(templateFile)]) : undefined;
  const database = new PGlite(building, { ...options, ...(template && { loadDataDir: template }) });
  await database.waitReady;
  await database.close();
  renameSync(building, dir);
}

const [command, ...args] = process.argv.slice(2);
try {
  if (command === 'template') {
    // an install never fails for it: without the tarball, a first start runs initdb instead
    await keepTemplate(args[0]).catch((error) => {
      console.warn(
        `The embedded database's template was not kept (${error}); a first start will take longer.`,
      );
    });
  } else if (command === 'create' && args[0] && args[1]) await create(args[0], JSON.parse(args[1]), args[2]);
  else throw new Error('usage: embedded-dir.mjs template | create DIR OPTIONS [TEMPLATE]');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
