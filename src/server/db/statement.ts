import { z } from 'zod';

/**
 * A hot statement's SQL, written once and prepared by name (decision 020). The name is what PostgreSQL
 * caches the plan under on each connection, so two statements must never share one: defining a second
 * statement with a name in use throws at start-up.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /**
   * Declared where the statement is written, never read from its SQL. A `read` may wait on PostgreSQL's
   * pipelined read connections behind other reads (read-pipelines.ts); a `write` (anything that writes,
   * takes a row lock or an advisory lock, or uses a sequence) goes through the pool.
   */
  readonly kind: 'read' | 'write';
  /** Every row's shape: checked outside production (`checkRows`), and the source of the row's type. */
  readonly row: z.ZodType<Row>;
}

const names = new Map<string, string>();

function define<Shape extends z.ZodRawShape>(
  kind: Statement<unknown>['kind'],
  name: string,
  text: string,
  columns: Shape,
): Statement<z.output<z.ZodObject<Shape, z.core.$strict>>> {
  // The name is also an SQL identifier (PGlite prepares it with `PREPARE name`): plain, never quoted.
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    throw new Error(`statement name ${name} is not a plain identifier`);
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name ${name} is already used`);
  names.set(name, text);
  // Strict: a column the SQL returns and the schema does not name is a disagreement too.
  return { name, text, kind, row: z.strictObject(columns) };
}

/**
 * `statement.read(name, sql, columns)` or `statement.write(name, sql, columns)`: the columns are a zod
 * shape, so the row's type comes from the schema that checks it and cannot drift from it unseen.
 */
export const statement = {
  read: <Shape extends z.ZodRawShape>(name: string, text: string, columns: Shape) =>
    define('read', name, text, columns),
  write: <Shape extends z.ZodRawShape>(name: string, text: string, columns: Shape) =>
    define('write', name, text, columns),
};

/**
 * Outside production every row a statement returns is checked against its schema, so a statement whose
 * SQL and row type disagree fails its module's tests. Production skips it (the rows are returned as the
 * driver gave them either way: the check never changes a value).
 */
export const CHECK_ROWS = process.env.NODE_ENV !== 'production';

export function checkRows<Row>(
  statement: Pick<Statement<Row>, 'name' | 'row'>,
  rows: readonly unknown[],
): Row[] {
  for (const row of rows) {
    const result = statement.row.safeParse(row);
    if (!result.success)
      throw new Error(
        `statement ${statement.name} returned a row its schema refuses: ${z.prettifyError(result.error)}`,
      );
  }
  return rows as Row[];
}

/** The rows' shape of a one-off query (Drizzle's `sql`, run with `execute`): named for its messages. */
export interface RowShape<Row> {
  readonly name: string;
  readonly row: z.ZodType<Row>;
}

export function rowShape<Shape extends z.ZodRawShape>(
  name: string,
  columns: Shape,
): RowShape<z.output<z.ZodObject<Shape, z.core.$strict>>> {
  return { name, row: z.strictObject(columns) };
}

/**
 * The rows of `db.execute(sql...)`, checked as a statement's are outside production. Both drivers answer
 * `execute` with their documented result object, whose `rows` are plain objects (pg's `QueryResult`,
 * PGlite's `Results`); Drizzle types it per driver, so the one reading of it is here.
 */
export function rowsOf<Row>(result: unknown, shape: RowShape<Row>): Row[] {
  const rows = (result as { rows: unknown[] }).rows;
  return CHECK_ROWS ? checkRows(shape, rows) : (rows as Row[]);
}

/** A timestamp leaves SQL as the text JavaScript's toISOString writes, so both drivers agree. */
export const isoSql = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
