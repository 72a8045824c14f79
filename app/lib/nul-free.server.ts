import type { CompiledQuery, DatabaseConnection } from "kysely";

// No field of Chapter's means a NUL character, yet a tampered form, a pasted binary or an
// imported file can carry one. PostgreSQL refuses it in text ("invalid byte sequence for
// encoding UTF8: 0x00"): the request answered 500. SQLite kept it, and a page then carried a
// NUL (mail clients cut text there). So every text value a query is given, on either
// database, goes in without NULs: forms, imports, searches and scripts alike.

/** The query, with NUL characters taken out of its text values (the same query when none has one). */
export function nulFree<Row>(query: CompiledQuery<Row>): CompiledQuery<Row> {
  const { parameters } = query;
  for (const value of parameters) {
    if (typeof value === "string" && value.includes("\0")) {
      return { ...query, parameters: parameters.map((each) => (typeof each === "string" ? each.replaceAll("\0", "") : each)) };
    }
  }
  return query;
}

const cleaning = new WeakSet<DatabaseConnection>();

/** `connection`, its queries made NUL-free (once per connection: a pool hands the same ones out again). */
export function nulFreeConnection<Connection extends DatabaseConnection>(connection: Connection): Connection {
  if (cleaning.has(connection)) return connection;
  cleaning.add(connection);
  const execute = connection.executeQuery.bind(connection);
  const stream = connection.streamQuery.bind(connection);
  connection.executeQuery = (query) => execute(nulFree(query));
  connection.streamQuery = (query, chunkSize) => stream(nulFree(query), chunkSize);
  return connection;
}
