import type { MikroORM } from '@mikro-orm/core';

/** How long a request may wait on MySQL/MariaDB: for a free pooled connection, then for each query's answer. */
export interface DatabaseWaits {
  acquireMs: number;
  queryMs: number;
}

/**
 * A few seconds each: a frozen server (stopped process, held table lock, dead link) fails the
 * request with a 503 soon, rather than holding it and every request queued behind it.
 */
export const DATABASE_WAITS: DatabaseWaits = { acquireMs: 5000, queryMs: 5000 };

/** mysql2's code for a query that got no answer within its `timeout`. */
export const QUERY_TIMEOUT_CODE = 'PROTOCOL_SEQUENCE_TIMEOUT';

type QueryCallback = (error: (Error & { code?: string }) | null, ...results: unknown[]) => void;

/** The parts of mysql2's pool and pooled connections (as Kysely drives them) that are bounded here. */
interface PooledConnection {
  query(sql: unknown, values?: unknown, callback?: QueryCallback): unknown;
  release(): void;
  destroy(): void;
}
interface ConnectionPool {
  getConnection(callback: (error: Error | null, connection?: PooledConnection) => void): void;
}

function boundQueries(connection: PooledConnection, queryMs: number): void {
  const query = connection.query.bind(connection);
  connection.query = (sql, values, callback) => {
    if (typeof sql !== 'string' || typeof callback !== 'function') return query(sql, values, callback);
    return query({ sql, timeout: queryMs }, values, (error, ...results) => {
      // The unanswered query still holds the connection: anything sent after it would wait forever.
      if (error?.code === QUERY_TIMEOUT_CODE) connection.destroy();
      callback(error, ...results);
    });
  };
}

/**
 * The server's own limits for a connection's statements, a second past the client's. A query the
 * client gave up on goes on in the server, holding a thread and a connection slot: a long SELECT
 * runs to its end, a wait for a row lock lasts InnoDB's 50 s. The server now ends it soon after;
 * the client's bound fires first, so what a request sees is unchanged.
 */
function serverLimits(queryMs: number, mariaDb: boolean): string {
  const seconds = Math.ceil(queryMs / 1000) + 1;
  // MariaDB bounds any statement, lock waits included; MySQL bounds a SELECT's run, and its lock waits separately.
  const statement = mariaDb ? `max_statement_time = ${seconds}` : `max_execution_time = ${seconds * 1000}`;
  return `SET SESSION ${statement}, lock_wait_timeout = ${seconds}, innodb_lock_wait_timeout = ${seconds}`;
}

/** Runs `sql` on a connection, as a promise. */
function run(connection: PooledConnection, sql: string): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    connection.query(sql, undefined, (error, rows) => (error ? reject(error) : resolve(rows as unknown[])));
  });
}

/** Bounds a new connection's queries on both ends: the client's timeout, then the server's limits. */
async function boundConnection(connection: PooledConnection, queryMs: number): Promise<void> {
  boundQueries(connection, queryMs);
  const [row] = (await run(connection, 'SELECT VERSION() AS version')) as { version: string }[];
  await run(connection, serverLimits(queryMs, /mariadb/i.test(row?.version ?? '')));
}

/**
 * Bounds every wait on the database of a MySQL/MariaDB `orm` (mysql2 has neither a pool-wide
 * query timeout nor an acquire timeout): a query with no answer within `queryMs` fails and its
 * connection is dropped (and the server ends the statement soon after); a request that finds no
 * free connection within `acquireMs` fails.
 */
export async function boundDatabaseWaits(orm: MikroORM, waits: DatabaseWaits): Promise<void> {
  const pool = (await orm.em.getConnection().getNativeClient()) as ConnectionPool;
  const acquire = pool.getConnection.bind(pool);
  const bounded = new WeakSet<PooledConnection>();
  pool.getConnection = (callback) => {
    let gaveUp = false;
    const timer = setTimeout(() => {
      gaveUp = true;
      callback(
        Object.assign(new Error(`No database connection became free within ${waits.acquireMs} ms`), {
          code: 'ETIMEDOUT',
        }),
      );
    }, waits.acquireMs);
    const handOver = (error: Error | null, connection?: PooledConnection) => {
      if (gaveUp) return connection?.release();
      clearTimeout(timer);
      callback(error, connection);
    };
    acquire((error, connection) => {
      if (!connection || bounded.has(connection)) return handOver(error, connection);
      bounded.add(connection);
      boundConnection(connection, waits.queryMs).then(
        () => handOver(null, connection),
        (failure: Error) => {
          // A connection without its limits is not handed out.
          connection.destroy();
          handOver(failure);
        },
      );
    });
  };
}
