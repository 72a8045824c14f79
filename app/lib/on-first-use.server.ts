/**
 * Packages loaded when first needed, not when the server starts. Loaded into a bare Node,
 * sharp (libvips) adds 7–12 MB of resident memory, nodemailer and pg ~3–4 MB each: a server
 * that has stored no image since it started, sends no mail or runs on SQLite does not carry
 * them (the RSS target in docs/performance.md).
 */
function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}

export const loadSharp = onFirstUse(async () => (await import("sharp")).default);

export const loadNodemailer = onFirstUse(async () => (await import("nodemailer")).default);

export const loadPg = onFirstUse(async () => {
  const pg = (await import("pg")).default;
  // count(*) and bigint columns come back from pg as strings; ids fit in a JS number.
  pg.types.setTypeParser(20, (value) => Number(value));
  return pg;
});
