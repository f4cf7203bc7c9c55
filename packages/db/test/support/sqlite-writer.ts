/**
 * One process writing to a SQLite file another process writes to as well (see sqlite-writers.test.ts):
 * opens it as the app does, says "ready", waits for "go" on stdin, then signs up `count` users one
 * insert at a time and exits 0, or prints the error and exits 1.
 */
import { once } from 'node:events';
import { MikroORM } from '@mikro-orm/core';
import { User } from '../../src/entities';
import { ormOptions } from '../../src/orm';

const [url, tag, count] = process.argv.slice(2) as [string, string, string];
const orm = await MikroORM.init(ormOptions(url));
process.stdout.write('ready\n');
await once(process.stdin, 'data');
try {
  for (let index = 0; index < Number(count); index += 1) {
    const name = `${tag}-${index}`;
    await orm.em.fork().insert(User, {
      email: `${name}@example.fr`,
      passwordHash: 'x',
      firstName: 'Écrivain',
      lastName: tag,
      username: name,
      createdAt: new Date(),
    });
  }
  await orm.close(true);
  process.exit(0);
} catch (error) {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
}
