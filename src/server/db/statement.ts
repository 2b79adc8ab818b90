/**
 * A hot read's SQL, written once and prepared by name (decision 020). The name is what PostgreSQL
 * caches the plan under on each connection, so two statements must never share one: defining a second
 * statement with a name in use throws at start-up.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /**
   * Whether it only reads, so on PostgreSQL it may wait in a pipeline behind other reads (read-pipelines.ts).
   * Decided from the SQL: anything that could write or take a row lock is not a read; a read named a write
   * by mistake only goes the slower way, through the pool.
   */
  readonly reads: boolean;
  /** Type of the rows; never set at run time. */
  readonly row?: Row;
}

const names = new Map<string, string>();
/** SQL that may write or lock rows: the statement is not a read. */
const WRITES =
  /\b(insert|update|delete|merge|copy|call|lock|nextval|setval|pg_advisory\w*)\b|\bfor\s+(no\s+key\s+)?(update|share|key\s+share)\b/i;

export function statement<Row>(name: string, text: string): Statement<Row> {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name ${name} is already used`);
  names.set(name, text);
  return { name, text, reads: !WRITES.test(text) };
}

/** A timestamp leaves SQL as the text JavaScript's toISOString writes, so both drivers agree. */
export const isoSql = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
