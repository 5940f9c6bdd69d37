import { describe, expect, it } from 'vitest';
import {
  CLOSE_OUT_LABELS,
  CLOSE_OUT_REQUIRED,
  closeOutComplete,
  closeOutMissing,
  EXCLUDED_METHODOLOGY_IDS,
  isSelectableMethodology,
  methodologyIds,
  SUMMARY_TOO_LONG,
  summaryFits,
} from '@domain/rules';
import { checkForward } from '@domain/rules';
import { ClosureInternalFormPatchBody } from '@domain/contract';

/** Close-out completeness with the summary limit, and the selectable methodologies. */

const complete = {
  closureProjectName: 'DEMO closure',
  formProjectStartDate: '2026-01-05',
  formProjectEndDate: '2026-04-30',
  formResponsiblePartner: 6,
  formProjectManager: 5,
  formOffice: 1,
  formGeography: 2,
  formMethodology: '1,3',
  formMiniCaseComment: 'A sanitized summary.',
  formCompleteCaseAttach: 'case.pdf',
};

describe('closeOutComplete / closeOutMissing', () => {
  it('lists the ten required fields of the close-out with their labels', () => {
    expect([...CLOSE_OUT_REQUIRED]).toEqual([
      'closureProjectName',
      'formProjectStartDate',
      'formProjectEndDate',
      'formResponsiblePartner',
      'formProjectManager',
      'formOffice',
      'formGeography',
      'formMethodology',
      'formMiniCaseComment',
      'formCompleteCaseAttach',
    ]);
    expect(CLOSE_OUT_LABELS.formMiniCaseComment).toBe('Project summary');
    expect(CLOSE_OUT_LABELS.formCompleteCaseAttach).toBe('Case file');
  });

  it('is complete with every field present', () => {
    expect(closeOutComplete(complete)).toBe(true);
    expect(closeOutMissing(complete)).toEqual([]);
  });

  it('is incomplete without a record', () => {
    expect(closeOutComplete(null)).toBe(false);
    expect(closeOutComplete(undefined)).toBe(false);
    expect(closeOutMissing(null)).toEqual([...CLOSE_OUT_REQUIRED]);
    expect(closeOutComplete({})).toBe(false);
  });

  for (const field of CLOSE_OUT_REQUIRED) {
    it(`is incomplete when ${field} is missing, null or blank`, () => {
      const { [field]: _, ...without } = complete;
      expect(closeOutComplete(without)).toBe(false);
      expect(closeOutMissing(without)).toEqual([field]);
      expect(closeOutMissing({ ...complete, [field]: null })).toEqual([field]);
      expect(closeOutMissing({ ...complete, [field]: undefined })).toEqual([field]);
      if (typeof complete[field] === 'string') {
        expect(closeOutMissing({ ...complete, [field]: '' })).toEqual([field]);
        expect(closeOutMissing({ ...complete, [field]: '   \n\t' })).toEqual([field]);
      }
    });
  }

  it('counts an id of 0 as present (a number, not a blank)', () => {
    expect(closeOutComplete({ ...complete, formOffice: 0 })).toBe(true);
  });

  it('accepts a summary of 500 characters and refuses 501', () => {
    expect(closeOutComplete({ ...complete, formMiniCaseComment: 'x'.repeat(500) })).toBe(true);
    expect(closeOutComplete({ ...complete, formMiniCaseComment: 'x'.repeat(501) })).toBe(false);
    expect(closeOutMissing({ ...complete, formMiniCaseComment: 'x'.repeat(501) })).toEqual([
      'formMiniCaseComment',
    ]);
    expect(summaryFits('x'.repeat(500))).toBe(true);
    expect(summaryFits('x'.repeat(501))).toBe(false);
    expect(summaryFits(null)).toBe(true);
    expect(SUMMARY_TOO_LONG).toBe('Project summary: 500 characters maximum');
  });

  it('counts a methodology of only commas as missing', () => {
    expect(closeOutMissing({ ...complete, formMethodology: ' , ,' })).toEqual(['formMethodology']);
    expect(closeOutComplete({ ...complete, formMethodology: '7' })).toBe(true);
  });

  it('reports several missing fields in the order of the required fields', () => {
    expect(
      closeOutMissing({
        ...complete,
        formGeography: null,
        closureProjectName: '',
        formCompleteCaseAttach: null,
      }),
    ).toEqual(['closureProjectName', 'formGeography', 'formCompleteCaseAttach']);
  });

  it('is what the 4→5 forward rule reads', () => {
    expect(checkForward({ from: 4, to: 5, closeOutComplete: closeOutComplete(complete) }).ok).toBe(true);
    const refused = checkForward({
      from: 4,
      to: 5,
      closeOutComplete: closeOutComplete({ ...complete, formMiniCaseComment: 'x'.repeat(501) }),
    });
    expect(refused.ok).toBe(false);
  });
});

describe('methodologies a close-out may select', () => {
  it('excludes the ids 0, 13, 15, 37, 47, 48, 49, 50, 76 and "No Methodology"', () => {
    expect([...EXCLUDED_METHODOLOGY_IDS]).toEqual([0, 13, 15, 37, 47, 48, 49, 50, 76]);
    for (const id of EXCLUDED_METHODOLOGY_IDS) expect(isSelectableMethodology(id, 'Anything')).toBe(false);
    for (const id of [1, 12, 14, 16, 36, 38, 46, 51, 75, 77]) expect(isSelectableMethodology(id)).toBe(true);
    expect(isSelectableMethodology(99, 'No Methodology')).toBe(false);
    expect(isSelectableMethodology(99, ' no methodology ')).toBe(false);
    expect(isSelectableMethodology(99, 'Lean Operations')).toBe(true);
  });

  it('reads the comma-joined ids', () => {
    expect(methodologyIds('1, 3,,7 ')).toEqual(['1', '3', '7']);
    expect(methodologyIds(null)).toEqual([]);
    expect(methodologyIds('')).toEqual([]);
  });
});

describe('the form PATCH body (contract)', () => {
  const ok = (body: unknown) => ClosureInternalFormPatchBody.safeParse(body).success;
  it('takes exactly one field', () => {
    expect(ok({ formMiniCaseComment: 'x'.repeat(500) })).toBe(true);
    expect(ok({ formMiniCaseComment: 'x'.repeat(501) })).toBe(false);
    expect(ok({})).toBe(false);
    expect(ok({ formOffice: 1, formGeography: 2 })).toBe(false);
  });
  it('refuses the technology items as read only', () => {
    const r = ClosureInternalFormPatchBody.safeParse({ formTechnologyUseGapSelect: true });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('the technology items are read only');
  });
  it('takes methodologies as a list or comma-joined', () => {
    expect(ok({ formMethodology: [1, 3] })).toBe(true);
    expect(ok({ formMethodology: '1,3' })).toBe(true);
    expect(ok({ formMethodology: null })).toBe(true);
    expect(ok({ formMethodology: 'one' })).toBe(false);
  });
  it('takes one reference topic with at least one part', () => {
    expect(ok({ references: { CreateTool: { Select: true } } })).toBe(true);
    expect(ok({ references: { CreateTool: { Comment: 'x', Contact: 5 } } })).toBe(true);
    expect(ok({ references: { CreateTool: {} } })).toBe(false);
    expect(ok({ references: { CreateTool: { Select: true }, BuyReport: { Select: false } } })).toBe(false);
    expect(ok({ references: { Unknown: { Select: true } } })).toBe(false);
    expect(ok({ references: { CreateTool: { Other: 1 } } })).toBe(false);
  });
  it('checks date shapes', () => {
    expect(ok({ formProjectStartDate: '2026-01-05' })).toBe(true);
    expect(ok({ formProjectStartDate: '05/01/2026' })).toBe(false);
  });
});
