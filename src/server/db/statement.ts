/**
 * A hot read's SQL, written once and prepared by name (decision 020). The name is what PostgreSQL
 * caches the plan under on each connection, so two statements must never share one: defining a second
 * statement with a name in use throws at start-up.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /** Type of the rows; never set at run time. */
  readonly row?: Row;
}

const names = new Map<string, string>();

export function statement<Row>(name: string, text: string): Statement<Row> {
  const known = names.get(name);
  if (known !== undefined && known !== text) throw new Error(`statement name ${name} is already used`);
  names.set(name, text);
  return { name, text };
}

/** A timestamp leaves SQL as the text JavaScript's toISOString writes, so both drivers agree. */
export const isoSql = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
