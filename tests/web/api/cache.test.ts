import { describe, expect, it } from 'vitest';
import { removeById, upsertById } from '@web/api/cache';

describe('toolkit list cache updates (answers written in, no reload)', () => {
  const a = { id: 1, name: 'a' };
  const b = { id: 2, name: 'b' };
  it('replaces rows of the same id in place and appends new ones', () => {
    expect(upsertById([a, b], [{ id: 1, name: 'A' }])).toEqual([{ id: 1, name: 'A' }, b]);
    expect(upsertById([a], [{ id: 3, name: 'c' }])).toEqual([a, { id: 3, name: 'c' }]);
    expect(upsertById([a, b], [])).toEqual([a, b]);
  });
  it('removes by id; leaves a list that is not loaded alone', () => {
    expect(removeById([a, b], 1)).toEqual([b]);
    expect(removeById(undefined, 1)).toBeUndefined();
    expect(upsertById(undefined, [a])).toBeUndefined();
  });
});
