/**
 * How master lists and imports compare names: lower case, without accents and without spaces — "São Paulo",
 * "sao paulo" and "SaoPaulo" are one name. The database's `portal_fold(text)` (migration 0016) computes the same
 * for the Latin letters a firm's lists hold; tests/domain/rules/names.test.ts keeps the two equal.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[Øø]/g, (c) => (c === 'Ø' ? 'O' : 'o'))
    .replace(/\s+/g, '')
    .toLowerCase();
}

/** A name as stored: trimmed, inner runs of white space made one space. */
export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');
