/** A member's name as member search compares it: without accents, lower-case, single spaces.
 * Stored in users.search_name wherever a name is written, and applied to what is typed. */
export function searchName(name: string) {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
