/** A member's name as member search compares it: without accents (Ø as o, ß as ss …), lower-case, single spaces.
 * Stored in users.search_name wherever a name is written, and applied to what is typed. */
export function searchName(name: string) {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

/** Letters that are not a base letter plus accents, written as people type them. */
const LETTERS: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
