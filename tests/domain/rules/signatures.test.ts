import { describe, expect, it } from 'vitest';
import {
  canChangeRecipients,
  isSignatureEditable,
  signedStatusDisplay,
  statusAfterSubmit,
  submitRefusal,
  weeklyStatusActions,
  wizardFinish,
  wizardNext,
  wizardPrevious,
  wizardStepOf,
  canWorkOnSignedDocuments,
  type WizardStep,
} from '@domain/rules';
import { SCOPES } from '@domain/constants';

const STATUSES = [null, 'draft', 'reproved', 'sent', 'completed', 'declined', 'deleted'] as const;
const TYPES = [null, 1, 2, 3] as const;

describe('weekly status availability, every status × type × file', () => {
  for (const signedStatus of STATUSES)
    for (const signedType of TYPES)
      for (const signatureFilename of [null, 'signed.pdf'])
        it(`${signedStatus} / type ${signedType} / file ${signatureFilename ?? 'none'}`, () => {
          const a = weeklyStatusActions({ signedStatus, signedType, signatureFilename, isSubmitted: true });
          const s = signedStatus ?? 'draft';
          // delete is allowed unless the status is draft (absent displays as draft)
          expect(a.delete).toBe(s !== 'draft');
          // editable only while draft or reproved: so never when deleted or declined
          expect(a.edit).toBe(s === 'draft' || s === 'reproved');
          if (s === 'deleted' || s === 'declined') expect(a.edit).toBe(false);
          expect(a.downloadSigned).toBe(s === 'completed' && signatureFilename !== null);
          expect(a.resend).toBe(s === 'sent' && signedType === 2);
          expect(a.undo).toBe(s === 'declined');
        });
  it('undo needs a submitted status', () => {
    expect(
      weeklyStatusActions({
        signedStatus: 'declined',
        signedType: 2,
        signatureFilename: null,
        isSubmitted: false,
      }).undo,
    ).toBe(false);
  });
});

describe('signed status display', () => {
  it.each([
    [null, 'grey', 'Draft'],
    ['draft', 'grey', 'Draft'],
    ['reproved', 'grey', 'Draft'],
    ['sent', 'blue', 'Sent to sign'],
    ['completed', 'green', 'Completed'],
    ['declined', 'red', 'Declined (contact Legal for more details)'],
    ['deleted', 'red', 'Deleted (contact Legal for more details)'],
    ['something-else', 'grey', 'Draft'],
  ])('%s → %s %s', (status, color, label) => {
    expect(signedStatusDisplay(status)).toEqual({ color, label });
  });
  it.each(STATUSES.map((s) => [s, s === null || s === 'draft' || s === 'reproved'] as const))(
    'editable(%s) = %s',
    (s, e) => expect(isSignatureEditable(s)).toBe(e),
  );
});

describe('the wizard (step derived from signedType; its Previous / Next)', () => {
  it('opens on the step of its type', () => {
    expect([null, 1, 2, 3].map((t) => wizardStepOf(t))).toEqual([1, 2, 3, 4]);
  });
  const steps: WizardStep[] = [1, 2, 3, 4];
  const expected: Record<string, { next?: WizardStep; previous?: WizardStep; finish?: string }> = {
    // type 1: choose → details → recipients (Send to sign)
    '1:1': {},
    '1:2': { next: 3, previous: 1 },
    '1:3': { previous: 2, finish: 'send' },
    '1:4': { previous: 3 },
    // type 2: choose → recipients → file (Send to sign); back from recipients to details
    '2:1': {},
    '2:2': { next: 3, previous: 1 },
    '2:3': { next: 4, previous: 2 },
    '2:4': { previous: 3, finish: 'send' },
    // type 3: choose → file (Upload signed file); back from the file to the choice
    '3:1': {},
    '3:2': { next: 3, previous: 1 },
    '3:3': { previous: 2 },
    '3:4': { previous: 1, finish: 'upload-signed' },
    'null:1': {},
    'null:2': { next: 3, previous: 1 },
    'null:3': { previous: 2 },
    'null:4': { previous: 3 },
  };
  for (const t of TYPES)
    for (const step of steps)
      it(`type ${t}, step ${step}`, () => {
        const e = expected[`${t}:${step}`]!;
        expect(wizardNext(t, step)).toBe(e.next);
        expect(wizardPrevious(t, step)).toBe(e.previous);
        expect(wizardFinish(t, step)).toBe(e.finish);
      });
});

describe('recipients add / delete', () => {
  for (const t of TYPES)
    for (const editable of [true, false]) {
      it(`legal document, type ${t}, editable ${editable}`, () =>
        expect(canChangeRecipients('legal-document', t, editable)).toBe(editable && t !== 1));
      it(`weekly status, type ${t}, editable ${editable}`, () =>
        expect(canChangeRecipients('weekly-status', t, editable)).toBe(editable && (t === 1 || t === 2)));
    }
});

describe('submit refusals', () => {
  it('locked once sent or signed', () => {
    for (const s of ['sent', 'completed', 'declined', 'deleted'])
      expect(
        submitRefusal('weekly-status', { signedStatus: s, signedType: 1 }, { hasFile: true, recipients: 1 })
          ?.status,
      ).toBe(409);
  });
  it('needs a type', () =>
    expect(
      submitRefusal(
        'weekly-status',
        { signedStatus: 'draft', signedType: null },
        { hasFile: true, recipients: 1 },
      )?.status,
    ).toBe(409));
  it('a file for types other than 1 (weekly) and always (legal document)', () => {
    expect(
      submitRefusal(
        'weekly-status',
        { signedStatus: 'draft', signedType: 1 },
        { hasFile: false, recipients: 1 },
      ),
    ).toBeNull();
    for (const t of [2, 3])
      expect(
        submitRefusal(
          'weekly-status',
          { signedStatus: 'draft', signedType: t },
          { hasFile: false, recipients: 1 },
        ),
      ).toEqual({
        status: 400,
        message: 'Please, select a file',
      });
    expect(
      submitRefusal(
        'legal-document',
        { signedStatus: null, signedType: 2 },
        { hasFile: false, recipients: 1 },
      )?.message,
    ).toBe('Please, select a file');
  });
  it('recipients for the eSign paths, none for an already signed upload', () => {
    for (const t of [1, 2])
      expect(
        submitRefusal(
          'weekly-status',
          { signedStatus: 'reproved', signedType: t },
          { hasFile: true, recipients: 0 },
        )?.status,
      ).toBe(409);
    expect(
      submitRefusal(
        'weekly-status',
        { signedStatus: 'draft', signedType: 3 },
        { hasFile: true, recipients: 0 },
      ),
    ).toBeNull();
  });
  it('status after submit', () => {
    expect([1, 2, 3].map(statusAfterSubmit)).toEqual(['sent', 'sent', 'completed']);
  });
});

describe('who works on signed documents', () => {
  const team = [
    { idProfessional: 1, isManager: true, isPartner: false },
    { idProfessional: 2, isManager: false, isPartner: true },
    { idProfessional: 3, isManager: false, isPartner: false },
  ];
  it.each([
    [1, [], true],
    [2, [], true],
    [3, [], true],
    [9, [], false],
    [9, [SCOPES.admin], true],
    [9, [SCOPES.onePage], false],
  ])('professional %s with %j → %s', (professionalId, scopes, ok) => {
    expect(canWorkOnSignedDocuments({ professionalId, scopes }, team)).toBe(ok);
  });
});
