import { CsvError, parse } from "csv-parse/sync";
import { recognisedHeaders } from "./import-fields";

// Reads an uploaded contacts file into a table: the columns' headers and the data rows, each
// with the line of the file it starts on (for the summary's "line 12: …"). A vCard file
// becomes the same kind of table, one column per property we read.

export type ImportRow = { line: number; cells: string[] };
export type ImportTable = { format: "csv" | "vcard"; headers: string[]; rows: ImportRow[] };

export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFileError";
  }
}

const CSV_EXTENSIONS = ["csv", "txt", "tsv"];
const VCARD_EXTENSIONS = ["vcf", "vcard"];
/** The header row may sit under a few lines of preamble (LinkedIn's export has a note). */
const HEADER_SEARCH_ROWS = 10;

/** Text from the file's bytes: UTF-8 (with or without BOM), UTF-16 with a BOM, or else
 * Windows-1252 (older spreadsheet exports). Binary content is refused. */
export function decodeText(bytes: Uint8Array) {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  if (bytes.includes(0)) throw new ImportFileError("This is not a CSV or vCard file: it holds binary data.");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  return text.replace(/^\uFEFF/, "");
}

function extensionOf(name: string) {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Reads a CSV or vCard file; throws ImportFileError with a message for the member. */
export function readImportFile(name: string, bytes: Uint8Array): ImportTable {
  const extension = extensionOf(name);
  if (!CSV_EXTENSIONS.includes(extension) && !VCARD_EXTENSIONS.includes(extension)) {
    throw new ImportFileError("Choose a CSV file (.csv) or a vCard file (.vcf).");
  }
  if (bytes.byteLength === 0) throw new ImportFileError("The file is empty.");
  const text = decodeText(bytes);
  const looksLikeVcard = /^\s*BEGIN:VCARD/i.test(text);
  if (VCARD_EXTENSIONS.includes(extension) && !looksLikeVcard) {
    throw new ImportFileError("This is not a vCard file: it does not start with BEGIN:VCARD.");
  }
  const table = looksLikeVcard ? readVcard(text) : readCsv(text);
  if (table.rows.length === 0) throw new ImportFileError("The file has no contacts in it: no rows under the header.");
  return table;
}

/** The delimiter used most in the first line that has one (a preamble such as LinkedIn's
 * "Notes:" has none): comma, semicolon (European spreadsheets) or tab. */
function guessDelimiter(lines: string[]) {
  const counts = (line: string) => [",", ";", "\t"].map((delimiter) => [delimiter, line.split(delimiter).length - 1] as const);
  const first = lines.slice(0, HEADER_SEARCH_ROWS).find((line) => counts(line).some(([, count]) => count > 0)) ?? "";
  return counts(first).reduce((best, each) => (each[1] > best[1] ? each : best))[0];
}

/** Undoes the spreadsheet-formula defusing of our own export ('=…). */
function cleanCell(cell: string) {
  const trimmed = cell.trim();
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

export function readCsv(input: string): ImportTable {
  const firstLines = input.slice(0, 64_000).split(/\r\n|\r|\n/);
  // Excel's "sep=;" first line names the delimiter; it is blanked, so line numbers stay right.
  const declared = /^sep=(.)$/i.exec(firstLines[0]?.trim() ?? "")?.[1];
  const text = declared ? input.replace(/^[^\r\n]*/, "") : input;
  const delimiter = declared ?? guessDelimiter(firstLines);
  let lastLine = 0;
  let records: { info: { lines: number }; record: string[] }[];
  try {
    type Parsed = { info: { lines: number }; record: string[] };
    // csv-parse's types do not follow `info: true` into on_record.
    records = (parse as (input: string, options: object) => Parsed[])(text, {
      delimiter,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      on_record: (record: Parsed) => {
        lastLine = record.info.lines;
        return record;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) {
      if (error.code === "CSV_QUOTE_NOT_CLOSED") {
        throw new ImportFileError(`This CSV file is damaged: a quoted value that starts on line ${lastLine + 1} is never closed.`);
      }
      const line = (error as CsvError & { lines?: number }).lines ?? lastLine + 1;
      throw new ImportFileError(`This CSV file is damaged at line ${line}: a quote is followed by more text in the same value.`);
    }
    throw error;
  }
  // Each record starts on the line after the previous one ended.
  const rows: (ImportRow & { lastLine: number })[] = [];
  let previousEnd = 0;
  for (const { info, record } of records) {
    const cells = record.map(cleanCell);
    if (cells.some(Boolean)) rows.push({ line: previousEnd + 1, lastLine: info.lines, cells });
    previousEnd = info.lines;
  }
  if (rows.length === 0) throw new ImportFileError("The file is empty.");
  let headerIndex = 0;
  for (let index = 0; index < Math.min(rows.length, HEADER_SEARCH_ROWS); index++) {
    if (recognisedHeaders(rows[index].cells) >= 2) {
      headerIndex = index;
      break;
    }
  }
  const headerCells = rows[headerIndex].cells;
  refuseSwallowedRows(rows.slice(headerIndex + 1), headerCells.length, delimiter);
  const width = Math.max(headerCells.length, ...rows.slice(headerIndex + 1).map((row) => row.cells.length));
  if (width < 1) throw new ImportFileError("The file has no columns.");
  const headers = Array.from({ length: width }, (_, index) => headerCells[index] || `Column ${index + 1}`);
  const data = rows.slice(headerIndex + 1).map((row) => ({
    line: row.line,
    cells: Array.from({ length: width }, (_, index) => row.cells[index] ?? ""),
  }));
  return { format: "csv", headers, rows: data };
}

/**
 * A quote left open by a typo is closed by the next quote, lines later: the rows between
 * become one value (a name of three lines), and those contacts would be lost without a word.
 * A value spanning lines is refused when a line inside it has the delimiters of a whole row;
 * a note of several lines (a real multi-line value) has not.
 */
function refuseSwallowedRows(rows: { line: number; lastLine: number; cells: string[] }[], columns: number, delimiter: string) {
  const rowDelimiters = Math.max(1, columns - 1);
  rows.forEach((row, index) => {
    if (row.lastLine <= row.line) return;
    const swallowed = row.cells.some((cell) =>
      cell
        .split(/\r\n|\r|\n/)
        .slice(1)
        .some((inner) => inner.split(delimiter).length - 1 >= rowDelimiters),
    );
    if (!swallowed) return;
    throw new ImportFileError(
      `This CSV file is damaged: the quote on line ${row.line} (contact row ${index + 1}) is closed only on line ${row.lastLine}, ` +
        `so lines ${row.line} to ${row.lastLine} would become one contact. Nothing was imported: correct the quotes on line ${row.line} and import the file again.`,
    );
  });
}

// vCard 2.1, 3.0 and 4.0 (RFC 2426, RFC 6350): the properties we keep, as table columns.
export const VCARD_COLUMNS = [
  "Name",
  "First name",
  "Last name",
  "E-mail",
  "Phone",
  "Company",
  "Title",
  "Street",
  "City",
  "Region",
  "Country",
  "Website",
  "Note",
] as const;
type VcardColumn = (typeof VCARD_COLUMNS)[number];

type Property = { name: string; params: Record<string, string[]>; value: string };

/** Joins folded lines (a line starting with a space or tab continues the one before) and
 * quoted-printable soft line breaks (a line ending in "=" in a QUOTED-PRINTABLE value),
 * keeping the line number each logical line starts on. */
function unfold(text: string) {
  const physical = text.split(/\r\n|\r|\n/);
  const lines: { line: number; text: string }[] = [];
  for (let index = 0; index < physical.length; index++) {
    const current = physical[index];
    const previous = lines[lines.length - 1];
    if (previous && /^[ \t]/.test(current)) {
      previous.text += current.slice(1);
    } else if (previous && /QUOTED-PRINTABLE/i.test(previous.text.split(":")[0]) && previous.text.endsWith("=")) {
      previous.text = previous.text.slice(0, -1) + current;
    } else {
      lines.push({ line: index + 1, text: current });
    }
  }
  return lines;
}

function parseProperty(text: string): Property | null {
  // The first colon outside a quoted parameter value ends the name and parameters.
  let quoted = false;
  let colon = -1;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '"') quoted = !quoted;
    else if (text[index] === ":" && !quoted) {
      colon = index;
      break;
    }
  }
  if (colon === -1) return null;
  const [rawName, ...rawParams] = text.slice(0, colon).split(";");
  const name = rawName.replace(/^.*\./, "").toUpperCase(); // drop a group prefix (item1.EMAIL)
  const params: Record<string, string[]> = {};
  for (const param of rawParams) {
    const equals = param.indexOf("=");
    // vCard 2.1 allows bare types: TEL;CELL;VOICE:…
    const key = (equals === -1 ? "TYPE" : param.slice(0, equals)).toUpperCase();
    const values = (equals === -1 ? param : param.slice(equals + 1)).replace(/"/g, "").split(",");
    params[key] = [...(params[key] ?? []), ...values.map((value) => value.toUpperCase())];
  }
  if (params.TYPE?.includes("QUOTED-PRINTABLE")) params.ENCODING = ["QUOTED-PRINTABLE"];
  let value = text.slice(colon + 1);
  if (params.ENCODING?.includes("QUOTED-PRINTABLE")) value = decodeQuotedPrintable(value, params.CHARSET?.[0]);
  return { name, params, value };
}

function decodeQuotedPrintable(value: string, charset = "UTF-8") {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const hex = value.slice(index + 1, index + 3);
    if (value[index] === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...new TextEncoder().encode(value[index]));
    }
  }
  try {
    return new TextDecoder(charset.toLowerCase()).decode(new Uint8Array(bytes));
  } catch {
    return new TextDecoder().decode(new Uint8Array(bytes));
  }
}

/** Splits a structured value on unescaped ";" and unescapes each part. */
function components(value: string) {
  const parts: string[] = [];
  let current = "";
  for (let index = 0; index < value.length; index++) {
    const char = value[index];
    if (char === "\\" && index + 1 < value.length) {
      const next = value[++index];
      current += next === "n" || next === "N" ? "\n" : next;
    } else if (char === ";") {
      parts.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  parts.push(current);
  return parts.map((part) => part.trim());
}

/** Unescapes a text value (\\n, \\, \\; \\\\). */
function text(value: string) {
  return value.replace(/\\([nN]|.)/g, (_, char: string) => (char === "n" || char === "N" ? "\n" : char)).trim();
}

/** The property to use among several (EMAIL, TEL): the preferred one, then a mobile, then the first. */
function pick(properties: Property[], preferType?: string) {
  const typed = (property: Property, type: string) => property.params.TYPE?.includes(type) || (type === "PREF" && property.params.PREF !== undefined);
  return (
    properties.find((property) => typed(property, "PREF")) ??
    (preferType ? properties.find((property) => typed(property, preferType)) : undefined) ??
    properties[0]
  );
}

function cardRow(properties: Property[]) {
  const all = (name: string) => properties.filter((property) => property.name === name && property.value.trim() !== "");
  const values: Partial<Record<VcardColumn, string>> = {};
  const fn = all("FN")[0];
  if (fn) values.Name = text(fn.value);
  const n = all("N")[0];
  if (n) {
    const [family, given, additional] = components(n.value);
    values["First name"] = [given, additional].filter(Boolean).join(" ");
    values["Last name"] = family;
  }
  const email = pick(all("EMAIL"));
  if (email) values["E-mail"] = text(email.value);
  const phone = pick(all("TEL"), "CELL");
  if (phone) values.Phone = text(phone.value).replace(/^tel:/i, "");
  const org = all("ORG")[0];
  if (org) values.Company = components(org.value)[0];
  const title = all("TITLE")[0] ?? all("ROLE")[0];
  if (title) values.Title = text(title.value);
  const adr = pick(all("ADR"), "WORK");
  if (adr) {
    const [poBox, extended, street, locality, region, postalCode, country] = components(adr.value);
    values.Street = [[poBox, extended, street].filter(Boolean).join(", "), postalCode].filter(Boolean).join(" ");
    values.City = locality;
    values.Region = region;
    values.Country = country;
  }
  const url = all("URL")[0];
  if (url) values.Website = url.value.trim();
  const note = all("NOTE")[0];
  if (note) values.Note = text(note.value);
  return VCARD_COLUMNS.map((column) => values[column] ?? "");
}

export function readVcard(input: string): ImportTable {
  const rows: ImportRow[] = [];
  let card: { line: number; properties: Property[] } | null = null;
  for (const { line, text: content } of unfold(input)) {
    if (content.trim() === "") continue;
    const property = parseProperty(content);
    if (property?.name === "BEGIN" && property.value.trim().toUpperCase() === "VCARD") {
      if (card) throw new ImportFileError(`This vCard file is damaged: the card that starts on line ${card.line} has no END:VCARD.`);
      card = { line, properties: [] };
    } else if (property?.name === "END" && property.value.trim().toUpperCase() === "VCARD") {
      if (!card) throw new ImportFileError(`This vCard file is damaged: END:VCARD on line ${line} ends no card.`);
      const cells = cardRow(card.properties);
      if (cells.some(Boolean)) rows.push({ line: card.line, cells });
      card = null;
    } else if (card && property) {
      card.properties.push(property);
    } else if (!card) {
      throw new ImportFileError(`This vCard file is damaged: line ${line} is outside any card.`);
    }
  }
  if (card) throw new ImportFileError(`This vCard file is damaged: the card that starts on line ${card.line} has no END:VCARD.`);
  return { format: "vcard", headers: [...VCARD_COLUMNS], rows };
}
