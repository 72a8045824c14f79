import path from "node:path";

export const TMP = path.resolve("test/.tmp");
export const SQLITE_TEMPLATE = path.join(TMP, "template.db");
