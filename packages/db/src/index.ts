export * from './entities';
export { databaseKind, migrateDatabase, openDatabase, ormOptions, migrationsFolder, type DatabaseKind } from './orm';
export type { EntityManager, MikroORM } from './orm';
export { isDatabaseUnreachable } from './faults';
export {
  LockMode,
  RequestContext,
  UniqueConstraintViolationException,
  NotFoundError,
  raw,
  wrap,
  type FilterQuery,
} from '@mikro-orm/core';
