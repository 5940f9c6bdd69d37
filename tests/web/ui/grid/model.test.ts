import { describe, expect, it } from 'vitest';
import {
  BLANK_LABEL,
  buildHaystack,
  cellText,
  compareValues,
  distinctValues,
  isBlank,
  matchesFilter,
  matchesWords,
  normalizeText,
  pageWindow,
  prepareRows,
  rowMatches,
  searchWords,
  type SortValue,
  type CellValue,
  CELL_SEPARATOR,
} from '@web/ui/grid/model';

describe('normalizeText', () => {
  it.each([
    ['São Paulo', 'sao paulo'],
    ['JOSÉ', 'jose'],
    ['Ação Çedilha', 'acao cedilha'],
    ['Müller Ñandú', 'muller nandu'],
    ['crème brûlée', 'creme brulee'],
    ['already plain 123', 'already plain 123'],
    ['', ''],
  ])('%s → %s', (input, out) => expect(normalizeText(input)).toBe(out));

  it('treats precomposed and decomposed forms alike', () => {
    expect(normalizeText('Jos\u00e9')).toBe(normalizeText('Jose\u0301'));
  });

  it('gives plain ASCII (its quick path) exactly what the Unicode normalisation gives', () => {
    const full = (t: string) =>
      t
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase();
    const ascii = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    expect(normalizeText(ascii)).toBe(full(ascii));
    for (const text of ['PRJ-2031 Acme^Foods `x`', 'Tab\tand\nlines', 'ÁRVORE São', 'a\u0300b', 'Ωmega ΣΑΣ'])
      expect(normalizeText(text)).toBe(full(text));
  });
});

describe('cellText', () => {
  it('shows blanks as empty, booleans as Yes / No and numbers as written', () => {
    expect(cellText(null)).toBe('');
    expect(cellText(undefined)).toBe('');
    expect(cellText('')).toBe('');
    expect(cellText(true)).toBe('Yes');
    expect(cellText(false)).toBe('No');
    expect(cellText(0)).toBe('0');
    expect(cellText(12.5)).toBe('12.5');
    expect(cellText('x')).toBe('x');
  });

  it('isBlank: null, undefined and the empty string only', () => {
    expect([null, undefined, ''].every(isBlank)).toBe(true);
    expect([0, false, ' ', 'a'].some(isBlank)).toBe(false);
  });
});

describe('compareValues', () => {
  const sorted = (values: SortValue[]) => [...values].sort(compareValues);

  it('compares numbers numerically, not as text', () => {
    expect(sorted([10, 9, 100, 1, -2])).toEqual([-2, 1, 9, 10, 100]);
  });

  it('orders text numerically within strings ("P-2" before "P-10")', () => {
    expect(sorted(['P-10', 'P-2', 'P-1'])).toEqual(['P-1', 'P-2', 'P-10']);
  });

  it('is accent-aware: accented letters sort next to their base letter, not after z', () => {
    expect(sorted(['Zeta', 'Élan', 'Eagle', 'Ézio', 'alpha'])).toEqual([
      'alpha',
      'Eagle',
      'Élan',
      'Ézio',
      'Zeta',
    ]);
    expect(compareValues('e', 'é')).toBeLessThan(0);
  });

  it('ignores case', () => {
    expect(compareValues('acme', 'ACME')).toBe(0);
    expect(sorted(['b', 'A', 'c'])).toEqual(['A', 'b', 'c']);
  });

  it('puts blanks after every value', () => {
    expect(sorted([null, 3, '', 1, undefined])).toEqual([1, 3, null, '', undefined]);
    expect(sorted(['b', null, 'a'])).toEqual(['a', 'b', null]);
    expect(compareValues(null, undefined)).toBe(0);
  });

  it('orders booleans false before true', () => {
    expect(sorted([true, false, true])).toEqual([false, true, true]);
  });

  it('compares mixed kinds as text and NaN last among numbers', () => {
    expect(compareValues(2, '10')).toBeLessThan(0);
    expect(sorted([NaN, 2, 1])).toEqual([1, 2, NaN]);
    expect(compareValues(NaN, NaN)).toBe(0);
  });

  it('returns 0 for equal values', () => {
    expect(compareValues(5, 5)).toBe(0);
    expect(compareValues('x', 'x')).toBe(0);
  });
});

describe('search', () => {
  it('splits the query into normalised words', () => {
    expect(searchWords('  São   PAULO ')).toEqual(['sao', 'paulo']);
    expect(searchWords('')).toEqual([]);
    expect(searchWords('   ')).toEqual([]);
  });

  it('matches when every word occurs, ignoring case and accents', () => {
    const hay = buildHaystack(['DEMO-1', 'São Paulo', 'José Silva', 3, true]);
    expect(matchesWords(hay, searchWords('Sao'))).toBe(true);
    expect(matchesWords(hay, searchWords('JOSE'))).toBe(true);
    expect(matchesWords(hay, searchWords('josé demo'))).toBe(true);
    expect(matchesWords(hay, searchWords('paulo rio'))).toBe(false);
    expect(matchesWords(hay, searchWords('yes'))).toBe(true);
    expect(matchesWords(hay, [])).toBe(true);
  });

  it('never matches a word across two cells', () => {
    const hay = buildHaystack(['ab', 'cd']);
    expect(matchesWords(hay, ['bc'])).toBe(false);
    expect(matchesWords(hay, ['ab'])).toBe(true);
  });

  it('normalises a row once: the same haystack as its cells normalised one by one', () => {
    const cells: CellValue[] = [
      'São José',
      'ΟΔΟΣ', // a final sigma at a cell's end
      'Σ', // and a sigma alone
      '\u0301e', // a cell starting with a combining accent
      'İstanbul',
      'Straße',
      'ﬁ ligature',
      '👩🏽‍💻 dev',
      'x\ny', // a cell with its own line break
      '',
      null,
      7,
      false,
      'Crème Brûlée ^`~',
    ];
    for (let i = 0; i < cells.length; i++)
      for (let j = 0; j < cells.length; j++) {
        const pair = [cells[i], cells[j]];
        expect(buildHaystack(pair)).toBe(pair.map((v) => normalizeText(cellText(v))).join(CELL_SEPARATOR));
      }
  });

  it('skips blanks in the haystack', () => {
    expect(matchesWords(buildHaystack([null, undefined, 'x']), ['x'])).toBe(true);
  });
});

describe('header filter', () => {
  it('passes every key without a filter and only the chosen keys with one', () => {
    expect(matchesFilter('a', undefined)).toBe(true);
    expect(matchesFilter('a', new Set(['a']))).toBe(true);
    expect(matchesFilter('b', new Set(['a']))).toBe(false);
    expect(matchesFilter('', new Set())).toBe(false);
  });

  it('lists the distinct values once, in sort-value order, blanks last as (Blanks)', () => {
    const rows = [
      { status: 'During', id: 3 },
      { status: 'Draft', id: 1 },
      { status: null, id: 0 },
      { status: 'During', id: 3 },
      { status: 'Paused', id: 6 },
    ];
    expect(
      distinctValues(
        rows,
        (r) => r.status,
        (r) => r.id,
      ),
    ).toEqual([
      { value: 'Draft', label: 'Draft' },
      { value: 'During', label: 'During' },
      { value: 'Paused', label: 'Paused' },
      { value: '', label: BLANK_LABEL },
    ]);
  });

  it('sorts by the value itself by default and shows booleans as Yes / No', () => {
    const rows = [{ v: true }, { v: false }, { v: 10 as number | boolean }, { v: 9 as number | boolean }];
    expect(distinctValues(rows, (r) => r.v).map((o) => o.label)).toEqual(['9', '10', 'No', 'Yes']);
  });
});

describe('prepared rows', () => {
  type Row = { code: string; city: string | null; n: number };
  const rows: Row[] = [
    { code: 'A', city: 'São Paulo', n: 1 },
    { code: 'B', city: 'Rio', n: 2 },
    { code: 'C', city: null, n: 3 },
  ];
  const columns = [
    { key: 'code', value: (r: Row) => r.code, searchable: true, filterable: true },
    { key: 'city', value: (r: Row) => r.city, searchable: true, filterable: true },
    { key: 'n', value: (r: Row) => r.n, searchable: false, filterable: false },
  ];
  const prepared = prepareRows(rows, columns);

  it('keeps each row with its haystack and filter keys', () => {
    const { row, haystack, keys } = prepared[0]!;
    expect({ row, haystack, keys }).toEqual({
      row: rows[0],
      haystack: 'a\nsao paulo',
      keys: { code: 'A', city: 'São Paulo' },
    });
    expect(prepared[2]!.keys.city).toBe('');
  });

  it('builds a row’s haystack and filter keys once, on first use', () => {
    let reads = 0;
    const counted = prepareRows(rows, [
      { key: 'code', value: (r: Row) => (reads++, r.code), searchable: true, filterable: true },
    ]);
    expect(reads).toBe(0);
    expect(counted[1]!.haystack).toBe('b');
    expect(counted[1]!.haystack).toBe('b');
    expect(reads).toBe(1);
    expect(counted[1]!.keys).toEqual({ code: 'B' });
    expect(counted[1]!.keys).toBe(counted[1]!.keys);
    expect(reads).toBe(2);
  });

  it('searches only the searchable columns', () => {
    expect(prepared.filter((p) => rowMatches(p, ['2'], {}))).toEqual([]);
    expect(prepared.filter((p) => rowMatches(p, ['sao'], {})).map((p) => p.row.code)).toEqual(['A']);
  });

  it('combines the search with every header filter', () => {
    const f = { city: new Set(['Rio', '']) };
    expect(prepared.filter((p) => rowMatches(p, [], f)).map((p) => p.row.code)).toEqual(['B', 'C']);
    expect(prepared.filter((p) => rowMatches(p, ['c'], f)).map((p) => p.row.code)).toEqual(['C']);
    expect(prepared.filter((p) => rowMatches(p, [], { city: undefined })).length).toBe(3);
  });

  // speed is measured by npm run bench (scripts/bench-web.ts), not asserted here
  it("prepares 5,000 rows and searches them; each row's search text is built on first use and kept", () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      code: `P-${i}`,
      city: i % 2 ? 'São José' : 'Rio',
      n: i,
    }));
    let reads = 0;
    const counted = columns.map((c) => ({ ...c, value: (r: Row) => (reads++, c.value(r)) }));
    const p = prepareRows(many, counted);
    expect(reads).toBe(0); // nothing normalised before it is needed
    const hits = p.filter((r) => rowMatches(r, searchWords('JOSE p-4'), {})).length;
    expect(hits).toBe(555); // odd numbers among P-4, P-4x, P-4xx, P-4xxx
    const afterFirst = reads;
    expect(p.filter((r) => rowMatches(r, searchWords('rio'), {})).length).toBe(2500);
    expect(reads).toBe(afterFirst); // kept, not rebuilt
  });
});

describe('pageWindow', () => {
  it('gives the rows shown and the page count', () => {
    expect(pageWindow(23, 0, 10)).toEqual({ page: 0, pages: 3, first: 1, last: 10 });
    expect(pageWindow(23, 2, 10)).toEqual({ page: 2, pages: 3, first: 21, last: 23 });
  });

  it('clamps the page to the pages there are', () => {
    expect(pageWindow(23, 9, 10).page).toBe(2);
    expect(pageWindow(23, -1, 10).page).toBe(0);
    expect(pageWindow(0, 3, 10)).toEqual({ page: 0, pages: 1, first: 0, last: 0 });
  });
});
