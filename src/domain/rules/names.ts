/** The combining marks a fold removes after decomposing (NFD): the Latin letters' accents, cedillas, ogoneks… */
// eslint-disable-next-line no-misleading-character-class -- ranges of combining marks, not letters combined with them
const MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/**
 * How master lists and imports compare names: lower case, without accents and without spaces — "São Paulo",
 * "sao paulo" and "SaoPaulo" are one name. The database's `portal_fold(text)` (migration 0019) computes the same,
 * step by step; tests/domain/rules/names.test.ts keeps the two equal on a corpus of names.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(MARKS, '')
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** A name as stored: trimmed, inner runs of white space made one space. */
export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');
