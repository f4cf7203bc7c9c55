export * from './entities';
export {
  databaseKind,
  migrateDatabase,
  openDatabase,
  ormOptions,
  migrationsFolder,
  type DatabaseKind,
  type OpenOptions,
} from './orm';
export type { EntityManager, MikroORM } from './orm';
export { isDatabaseUnreachable } from './faults';
export { retryDeadlockOnce, type DeadlockLog } from './deadlocks';
export { DATABASE_WAITS, type DatabaseWaits } from './database-waits';
export {
  LockMode,
  RequestContext,
  UniqueConstraintViolationException,
  NotFoundError,
  raw,
  wrap,
  type EntityData,
  type FilterQuery,
} from '@mikro-orm/core';
