import pg from 'pg';

/**
 * The harness's own connections to the faults database, for checks and figures. Postgres is stopped under
 * them on purpose: a lost connection is dropped and the next query opens another.
 */
export function database(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  return {
    async rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
      const result = await pool.query(text, values);
      return result.rows as T[];
    },
    close: () => pool.end(),
  };
}
export type Database = ReturnType<typeof database>;
