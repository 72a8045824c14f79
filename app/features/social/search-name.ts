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

/** The words of a name (or of what was typed) as member search compares them: searchName's
 * form split at anything that is not a letter or digit ("Jean-Luc O'Brien": jean, luc, o, brien),
 * each once. A member is found by the beginning of any of their name's words. */
export function nameWords(name: string) {
  return [...new Set(typedWords(name))];
}

/** The words of what was typed, as nameWords() splits a name, repeats kept ("jo jo" needs two words). */
export function typedWords(text: string) {
  return searchName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, 100));
}
