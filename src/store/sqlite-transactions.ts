// Several statements as one, all or nothing, for writes that span keyv's table and the sets'. They
// run on a connection of their own, one transaction at a time: on keyv's shared connection another
// caller's statement could land inside the transaction, and a rollback would undo it too.

export type Query = (sql: string, ...params: unknown[]) => Promise<unknown>;

interface Connection {
  query: Query;
  close(): Promise<void>;
}

export interface Transactions {
  /** Runs `work` inside BEGIN IMMEDIATE ... COMMIT; rolled back when it or the commit fails. */
  run<T>(work: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function sqliteTransactions(connect: () => Promise<Connection>): Transactions {
  let connection: Promise<Connection> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  function opened(): Promise<Connection> {
    if (closed) return Promise.reject(new Error('the store is closed'));
    if (connection === undefined) {
      const opening = connect();
      connection = opening;
      // A failed open is tried again by the next transaction.
      opening.catch(() => {
        if (connection === opening) connection = undefined;
      });
    }
    return connection;
  }

  return {
    run<T>(work: (query: Query) => Promise<T>): Promise<T> {
      const turn = queue.then(async () => {
        const { query } = await opened();
        // IMMEDIATE: the write lock is taken now, so the transaction cannot fail later to upgrade it.
        await query('BEGIN IMMEDIATE');
        try {
          const result = await work(query);
          await query('COMMIT');
          return result;
        } catch (err) {
          await query('ROLLBACK').catch(() => undefined);
          throw err;
        }
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    async close() {
      closed = true;
      await queue;
      const open = connection;
      connection = undefined;
      if (open !== undefined) await (await open).close();
    },
  };
}
