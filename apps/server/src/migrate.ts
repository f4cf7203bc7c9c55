import { migrateDatabase } from '@atelier/db';
import { ConfigError, loadConfig } from './env';

/**
 * `npm run migrate`: brings the database of DATABASE_URL up to date and exits, as a one-shot step
 * before the app's instances start (they would migrate too, one at a time, finding nothing to do).
 */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const ran = await migrateDatabase(config.databaseUrl);
  console.log(ran.length === 0 ? 'The database is up to date.' : `Migrations run: ${ran.join(', ')}`);
}

migrate().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
