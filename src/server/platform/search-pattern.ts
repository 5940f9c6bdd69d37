/**
 * Accent- and case-insensitive search in SQL without an extension (the bot's "Find a project", the ID One
 * centre): a word of the search becomes a regular expression over the stored text, matched with `~` / `~*`.
 */

/** The case- and accent-free form of a text ("São José" → "sao jose"), as the portal's grids search. */
export const normalise = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The normalised words of a search (none for an empty one). */
export const searchWords = (search: string | undefined) =>
  normalise(search ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);

/**
 * Every letter that normalises to a given one (itself, its capital, its accented forms in Latin-1 and Latin
 * Extended-A): `a` → `aAàáâãäåÀÁÂÃÄÅāĀăĂąĄ`.
 */
const VARIANTS = (() => {
  const variants = new Map<string, string>();
  const ranges = [
    [0x41, 0x5a],
    [0x61, 0x7a],
    [0xc0, 0x17f],
  ] as const;
  for (const [from, to] of ranges)
    for (let code = from; code <= to; code++) {
      const letter = String.fromCharCode(code);
      const base = normalise(letter);
      if (base.length === 1 && /\p{L}/u.test(letter)) variants.set(base, (variants.get(base) ?? '') + letter);
    }
  return variants;
})();

/**
 * A normalised word as a regular expression over the raw text: each letter a class of its variants, anything else
 * escaped (`são` → `[sSśŚ…][aAàáâãä…][oOòóôõö…]`). No row is normalised (translate() over 5,000 rows costs 200 ms
 * on PGlite; a compiled pattern a few) and no extension is needed (unaccent is not sure to be installed — PGlite, a
 * managed server — and its index needs an immutable wrapper).
 */
export function wordPattern(word: string): string {
  let pattern = '';
  for (const c of word) {
    const variants = VARIANTS.get(c);
    pattern += variants ? `[${variants}]` : c.replace(/[\\^$.|?*+()[\]{}-]/g, '\\$&');
  }
  return pattern;
}
