/**
 * Start from last week's rules: which fields each format copies, the plan (empty fields filled, filled fields kept
 * or replaced, empty sources never written, the allocation flag and the dashboard comments never copied), the
 * marks, the choice of the one-page to start from and the refusals of a bad one.
 */
import { describe, expect, it } from 'vitest';
import { OnePageFields } from '@domain/contract';
import {
  CARRY_SOURCE_NOT_EARLIER_MESSAGE,
  CARRY_SOURCE_NOT_SUBMITTED_MESSAGE,
  CHECKLIST_FORM_FIELDS,
  CLASSIC_FIELDS,
  NOT_CARRIED_FIELDS,
  carriedFieldsOf,
  carryForward,
  carrySourceOf,
  carrySourceRefusal,
  carrySourceUnknownMessage,
  mergeCarried,
  onePageFormFields,
  withoutCarried,
} from '@domain/rules';

const ALL_FIELDS = Object.keys(OnePageFields);

/** A value of the field's type, different for `n` 1 and 2 (a choice 1 or 2, a text "f 1" or "f 2"). */
const valueOf = (field: string, n: number): unknown =>
  field === 'hasAllocation'
    ? n === 1
    : OnePageFields[field as keyof typeof OnePageFields].safeParse(n).success
      ? n
      : `${field} ${n}`;
/** Every field of the contract with valueOf(n). */
const every = (n: number) => Object.fromEntries(ALL_FIELDS.map((f) => [f, valueOf(f, n)]));

const FORMATS = [
  { name: 'classic (1)', format: 1, fields: [...CLASSIC_FIELDS] as string[] },
  { name: 'Weekly Checklist (2)', format: 2, fields: [...CHECKLIST_FORM_FIELDS] as string[] },
];

describe('the fields each format copies', () => {
  it('format 1 copies the classic form, every other format the Weekly Checklist', () => {
    expect(carriedFieldsOf(1)).toEqual([...CLASSIC_FIELDS]);
    for (const f of [2, 3, 0, null, undefined])
      expect(carriedFieldsOf(f)).toEqual([...CHECKLIST_FORM_FIELDS]);
    expect(onePageFormFields(1)).toBe(CLASSIC_FIELDS);
    expect(onePageFormFields(2)).toBe(CHECKLIST_FORM_FIELDS);
  });

  it('every contract field is a field of a form or one never copied; none is both', () => {
    const inForms = new Set([...CLASSIC_FIELDS, ...CHECKLIST_FORM_FIELDS]);
    for (const f of ALL_FIELDS)
      expect(inForms.has(f as never) !== (NOT_CARRIED_FIELDS as readonly string[]).includes(f), f).toBe(true);
    for (const f of [...CLASSIC_FIELDS, ...CHECKLIST_FORM_FIELDS]) expect(ALL_FIELDS).toContain(f);
    expect([...NOT_CARRIED_FIELDS].sort()).toEqual(
      [
        'coManagementComment',
        'executiveBoardComment',
        'executiveResumeComment',
        'hasAllocation',
        'pdcResumeComment',
      ].sort(),
    );
  });

  it('the checklist copies its 27 fields, the classic form its 11 (methods only there)', () => {
    expect(carriedFieldsOf(2)).toHaveLength(27);
    expect(carriedFieldsOf(1)).toHaveLength(11);
    expect(carriedFieldsOf(1)).toEqual(expect.arrayContaining(['methodInternal', 'methodExternal']));
    expect(carriedFieldsOf(2)).not.toContain('methodInternal');
    expect(carriedFieldsOf(2)).toContain('governanceAllocation');
  });
});

describe('carryForward', () => {
  for (const { name, format, fields } of FORMATS) {
    describe(name, () => {
      const blank = { format };

      it('a blank one-page takes every field of its form, in the form order, and nothing else', () => {
        const source = every(1);
        for (const replace of [false, true]) {
          const plan = carryForward(source, blank, { replace });
          expect(Object.keys(plan.values)).toEqual(fields);
          expect(plan.values).toEqual(Object.fromEntries(fields.map((f) => [f, source[f]])));
          expect(plan.carried).toEqual(fields);
          expect(plan.differing).toEqual([]);
        }
      });

      it('never copies the allocation flag nor the dashboard comments', () => {
        const plan = carryForward(every(1), { format, hasAllocation: false }, { replace: true });
        for (const f of NOT_CARRIED_FIELDS) {
          expect(plan.values).not.toHaveProperty(f);
          expect(plan.carried).not.toContain(f);
        }
      });

      it('fields filled this week with other values: kept and counted, or replaced with replace', () => {
        const target = { ...every(2), format };
        const kept = carryForward(every(1), target, { replace: false });
        expect(kept).toEqual({ values: {}, carried: [], differing: fields });
        const replaced = carryForward(every(1), target, { replace: true });
        expect(replaced.values).toEqual(Object.fromEntries(fields.map((f) => [f, valueOf(f, 1)])));
        expect(replaced.carried).toEqual(fields);
        expect(replaced.differing).toEqual(fields);
      });

      it('fields filled this week with last week’s value: neither written, nor marked, nor counted', () => {
        for (const replace of [false, true])
          expect(carryForward(every(1), { ...every(1), format }, { replace })).toEqual({
            values: {},
            carried: [],
            differing: [],
          });
      });

      it('field by field: one filled field differs, the others are empty', () => {
        for (const f of fields) {
          const target = { format, [f]: valueOf(f, 2) };
          const kept = carryForward(every(1), target, { replace: false });
          expect(kept.differing, f).toEqual([f]);
          expect(kept.carried, f).toEqual(fields.filter((x) => x !== f));
          expect(kept.values, f).not.toHaveProperty(f);
          const replaced = carryForward(every(1), target, { replace: true });
          expect(replaced.differing, f).toEqual([f]);
          expect(replaced.carried, f).toEqual(fields);
          expect(replaced.values[f], f).toBe(valueOf(f, 1));
        }
      });

      it('a field empty last week (null, absent, blank text) is never written, even with replace', () => {
        for (const f of fields) {
          for (const empty of [null, undefined, '', '   ']) {
            const source = { ...every(1), [f]: empty };
            for (const target of [{ format }, { ...every(2), format }]) {
              const plan = carryForward(source, target, { replace: true });
              expect(plan.values, f).not.toHaveProperty(f);
              expect(plan.carried, f).not.toContain(f);
              expect(plan.differing, f).not.toContain(f);
            }
          }
        }
      });

      it('a blank text this week counts as empty: it takes last week’s', () => {
        const plan = carryForward(every(1), { format, keyMessage: '  ' }, { replace: false });
        expect(plan.values.keyMessage).toBe('keyMessage 1');
        expect(plan.differing).not.toContain('keyMessage');
      });
    });
  }

  it('0 counts as filled (the problem level "Not Submitted"): carried, and a 0 this week differs', () => {
    const carried = carryForward({ onePageProblemLevel: 0 }, { format: 2 }, { replace: false });
    expect(carried).toEqual({
      values: { onePageProblemLevel: 0 },
      carried: ['onePageProblemLevel'],
      differing: [],
    });
    const kept = carryForward(
      { onePageProblemLevel: 1 },
      { format: 2, onePageProblemLevel: 0 },
      { replace: false },
    );
    expect(kept).toEqual({ values: {}, carried: [], differing: ['onePageProblemLevel'] });
  });

  it('from a checklist one-page onto a classic one: the shared fields; the methods stay empty', () => {
    const checklistWeek = Object.fromEntries(CHECKLIST_FORM_FIELDS.map((f) => [f, valueOf(f, 1)]));
    const plan = carryForward(checklistWeek, { format: 1 }, { replace: false });
    expect(plan.carried).toEqual(
      CLASSIC_FIELDS.filter((f) => f !== 'methodInternal' && f !== 'methodExternal'),
    );
  });

  it('mixed: empty fields filled, equal ones left, differing ones kept — in the form order', () => {
    const target = {
      format: 2,
      onePageProblemLevel: 1, // same
      keyMessage: 'ours', // differs
      riskOfDelay: 3, // differs
    };
    const source = {
      onePageProblemLevel: 1,
      keyMessage: 'theirs',
      riskOfDelay: 2,
      teamPoint: 'tp',
      dnaTec: 1,
    };
    expect(carryForward(source, target, { replace: false })).toEqual({
      values: { teamPoint: 'tp', dnaTec: 1 },
      carried: ['dnaTec', 'teamPoint'],
      differing: ['riskOfDelay', 'keyMessage'],
    });
    expect(carryForward(source, target, { replace: true })).toEqual({
      values: { riskOfDelay: 2, keyMessage: 'theirs', dnaTec: 1, teamPoint: 'tp' },
      carried: ['riskOfDelay', 'keyMessage', 'dnaTec', 'teamPoint'],
      differing: ['riskOfDelay', 'keyMessage'],
    });
  });
});

describe('the marks', () => {
  it('mergeCarried: the old and the new once each, in the form order, only fields of the form', () => {
    expect(mergeCarried(2, ['teamPoint', 'keyMessage'], ['keyMessage', 'onePageProblemLevel'])).toEqual([
      'onePageProblemLevel',
      'keyMessage',
      'teamPoint',
    ]);
    expect(mergeCarried(1, ['dnaTec', 'nonsense'], ['methodInternal'])).toEqual(['methodInternal']);
    expect(mergeCarried(2, [], [])).toEqual([]);
  });

  it('withoutCarried: the named marks go; without names, all go', () => {
    expect(withoutCarried(['a', 'b', 'c'], ['b'])).toEqual(['a', 'c']);
    expect(withoutCarried(['a', 'b'], ['x'])).toEqual(['a', 'b']);
    expect(withoutCarried(['a', 'b'])).toEqual([]);
    expect(withoutCarried([], ['a'])).toEqual([]);
  });
});

describe('the one-page to start from', () => {
  const row = (id: number, initialDate: string, submitted: boolean) => ({
    id,
    initialDate,
    submittedAt: submitted ? `${initialDate}T15:00:00.000Z` : null,
  });
  const target = { id: 10, initialDate: '2026-03-09' };

  it('is the latest submitted one-page of an earlier week', () => {
    const rows = [
      row(10, '2026-03-09', false), // itself
      row(9, '2026-03-02', false), // a draft
      row(8, '2026-02-23', true),
      row(7, '2026-02-16', true),
      row(11, '2026-03-16', true), // a later week
    ];
    expect(carrySourceOf(rows, target)?.id).toBe(8);
    expect(carrySourceOf([...rows].reverse(), target)?.id).toBe(8);
    expect(carrySourceOf([row(9, '2026-03-02', true), ...rows], target)?.id).toBe(9);
  });

  it('is none when no earlier one-page is submitted', () => {
    expect(carrySourceOf([], target)).toBeNull();
    expect(carrySourceOf([row(10, '2026-03-09', false), row(9, '2026-03-02', false)], target)).toBeNull();
    expect(carrySourceOf([row(12, '2026-03-09', true), row(11, '2026-03-16', true)], target)).toBeNull();
  });

  it('refuses a source of another project or none (400), of the same or a later week (400), a draft (409)', () => {
    const t = { projectId: 3, initialDate: '2026-03-09' };
    const ok = { projectId: 3, initialDate: '2026-03-02', submittedAt: '2026-03-06T10:00:00Z' };
    expect(carrySourceRefusal(5, ok, t)).toBeNull();
    expect(carrySourceRefusal(5, undefined, t)).toEqual({
      status: 400,
      message: carrySourceUnknownMessage(5),
    });
    expect(carrySourceRefusal(5, { ...ok, projectId: 4 }, t)).toEqual({
      status: 400,
      message: carrySourceUnknownMessage(5),
    });
    for (const initialDate of ['2026-03-09', '2026-03-16'])
      expect(carrySourceRefusal(5, { ...ok, initialDate }, t)).toEqual({
        status: 400,
        message: CARRY_SOURCE_NOT_EARLIER_MESSAGE,
      });
    expect(carrySourceRefusal(5, { ...ok, submittedAt: null }, t)).toEqual({
      status: 409,
      message: CARRY_SOURCE_NOT_SUBMITTED_MESSAGE,
    });
    expect(carrySourceUnknownMessage(5)).toBe(
      "Invalid request: sourceId: One-Page 5 is not one of this project's One-Pages",
    );
  });
});
