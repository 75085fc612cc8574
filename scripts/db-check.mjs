// Fails when the schema has changed without a committed migration.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts'], {
  encoding: 'utf8',
});
if (result.status !== 0) {
  process.stderr.write(result.stdout + result.stderr);
  process.exit(1);
}
const status = spawnSync('git', ['status', '--porcelain', '--', 'apps/server/drizzle'], { encoding: 'utf8' });
if (status.stdout.trim() !== '') {
  process.stderr.write(
    `The schema and the committed migrations disagree. Review and commit the new migration:\n${status.stdout}`,
  );
  process.exit(1);
}
process.stdout.write('Migrations match the schema.\n');
