/**
 * Signed documents: the weekly status (spec 001 §4) and the legal closure document of Closure With
 * Client (spec 002 §2.4). Both go through the same four-step wizard and the same e-signature engine.
 *
 * The path ↔ signedType mapping (the spec gives two readings; README decisions): the first button, "Upload and
 * eSign using a template", is type 1 — the portal generates the PDF from the five sections, so it is the one
 * type that needs no file ("Submit with a type other than 1 requires a file"); "Upload and eSign your document"
 * is type 2 (a PDF of one's own, with Resend); "Upload your signed document" is type 3 (no signature round).
 * Closure With Client uses types 2 and 3 the same way ('Upload and eSign' / 'Upload your signed document').
 */

export type SignedStatusValue = 'draft' | 'reproved' | 'sent' | 'completed' | 'declined' | 'deleted';
export type SignedTypeValue = 1 | 2 | 3;

export const SIGNED_TYPE = { template: 1, ownDocument: 2, alreadySigned: 3 } as const;

/** The three paths of step 1 (weekly status), in the spec's words. */
export const WEEKLY_STATUS_PATHS = [
  { signedType: 1, label: 'Upload and eSign using a template' },
  { signedType: 2, label: 'Upload and eSign your document' },
  { signedType: 3, label: 'Upload your signed document' },
] as const;
/** The two buttons of step 1 of the Upload Legal Document wizard (spec 002 §2.4). */
export const LEGAL_DOCUMENT_PATHS = [
  { signedType: 2, label: 'Upload and eSign' },
  { signedType: 3, label: 'Upload your signed document' },
] as const;

export type SignedStatusColor = 'grey' | 'blue' | 'green' | 'red';
/** signedStatus display values (spec 001 §4); draft is also the default display (absent, reproved, unknown). */
export const SIGNED_STATUS_DISPLAY: Record<
  'draft' | 'sent' | 'completed' | 'declined' | 'deleted',
  {
    color: SignedStatusColor;
    label: string;
  }
> = {
  draft: { color: 'grey', label: 'Draft' },
  sent: { color: 'blue', label: 'Sent to sign' },
  completed: { color: 'green', label: 'Completed' },
  declined: { color: 'red', label: 'Declined (contact Legal for more details)' },
  deleted: { color: 'red', label: 'Deleted (contact Legal for more details)' },
};
export function signedStatusDisplay(status: string | null | undefined) {
  return (
    SIGNED_STATUS_DISPLAY[(status ?? 'draft') as keyof typeof SIGNED_STATUS_DISPLAY] ??
    SIGNED_STATUS_DISPLAY.draft
  );
}

/** Editable only while the signed status is absent, draft or reproved (001 §4, 002 §2.4). */
export function isSignatureEditable(status: string | null | undefined): boolean {
  return status === null || status === undefined || status === 'draft' || status === 'reproved';
}

export interface WeeklyStatusLike {
  signedStatus: string | null;
  signedType: number | null;
  signatureFilename: string | null;
  isSubmitted?: boolean;
}

export interface WeeklyStatusActions {
  /** "delete is allowed unless the status is draft" (absent counts as draft: its default display). */
  delete: boolean;
  /** The dialog's data: only while draft or reproved (so never when deleted or declined). */
  edit: boolean;
  /** The signed-file download: completed with a signature file. */
  downloadSigned: boolean;
  /** Resend: sent, and the own-document path (signedType 2). */
  resend: boolean;
  /** Undo submit (README decision): a submitted status whose signature was declined goes back to work (reproved). */
  undo: boolean;
}

/** The availability table of spec 001 §4, per weekly status. */
export function weeklyStatusActions(ws: WeeklyStatusLike): WeeklyStatusActions {
  const status = ws.signedStatus ?? 'draft';
  return {
    delete: status !== 'draft',
    edit: isSignatureEditable(ws.signedStatus),
    downloadSigned: status === 'completed' && !!ws.signatureFilename,
    resend: status === 'sent' && ws.signedType === SIGNED_TYPE.ownDocument,
    undo: status === 'declined' && ws.isSubmitted !== false,
  };
}

/** 409 texts of the weekly status and closure calls. */
export const SIGNATURE_MESSAGES = {
  locked: 'This document was sent or signed: it can no longer be changed.',
  deleteDraft: 'A draft weekly status cannot be deleted (the spec allows delete unless the status is draft).',
  resend: 'Resend is available only for a document sent to sign from your own PDF.',
  undo: 'Only a submitted weekly status whose signature was declined can be taken back.',
  noType: 'Choose how to send the document first.',
  noRecipients: 'Add at least one recipient before sending to sign.',
  typeOne: 'Recipients cannot be added or removed for this document type.',
  noSignedFile: 'There is no signed file yet.',
  noFile: 'There is no file yet.',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The wizard: 1 choose the path, 2 document details, 3 recipients, 4 upload the PDF.

export type WizardStep = 1 | 2 | 3 | 4;
export type WizardKind = 'weekly-status' | 'legal-document';

/** The step a record opens on, derived from its signedType ("step numbers map to the signed type"). */
export function wizardStepOf(signedType: number | null | undefined): WizardStep {
  if (signedType === 1) return 2;
  if (signedType === 2) return 3;
  if (signedType === 3) return 4;
  return 1;
}

/** Next: details → recipients; recipients → file for type 2. Undefined when the step has no Next. */
export function wizardNext(signedType: number | null | undefined, step: WizardStep): WizardStep | undefined {
  if (step === 2) return 3;
  if (step === 3 && signedType === 2) return 4;
  return undefined;
}

/**
 * Previous goes back one step: recipients → details; file → recipients (type 2) or the choice (type 3);
 * details → the choice. Undefined on the choice itself.
 */
export function wizardPrevious(
  signedType: number | null | undefined,
  step: WizardStep,
): WizardStep | undefined {
  if (step === 4) return signedType === 3 ? 1 : 3;
  if (step === 3) return 2;
  if (step === 2) return 1;
  return undefined;
}

export type WizardFinish = 'send' | 'upload-signed' | undefined;
/** The step's closing action: 'Send to sign' (type 1 on recipients, type 2 on the file), 'Upload signed file' (type 3). */
export function wizardFinish(signedType: number | null | undefined, step: WizardStep): WizardFinish {
  if (signedType === 1 && step === 3) return 'send';
  if (signedType === 2 && step === 4) return 'send';
  if (signedType === 3 && step === 4) return 'upload-signed';
  return undefined;
}

/**
 * Whether recipients may be added or deleted. Legal document: only when signedType is not 1 and editable
 * (002 §2.4). Weekly status: editable and an eSign path (1 or 2) — the template path needs its recipients
 * (README decision: 001 §4's "disabled for type 1" comes from a provider-template flow we do not have).
 */
export function canChangeRecipients(
  kind: WizardKind,
  signedType: number | null | undefined,
  editable: boolean,
) {
  if (!editable) return false;
  if (kind === 'legal-document') return signedType !== 1;
  return signedType === 1 || signedType === 2;
}

/** Why a submit is refused (409), or null. `hasFile`: a file comes with the submit; `recipients`: active ones. */
export function submitRefusal(
  kind: WizardKind,
  rec: { signedStatus: string | null; signedType: number | null },
  submit: { hasFile: boolean; recipients: number },
): { status: 400 | 409; message: string } | null {
  if (!isSignatureEditable(rec.signedStatus)) return { status: 409, message: SIGNATURE_MESSAGES.locked };
  if (rec.signedType === null) return { status: 409, message: SIGNATURE_MESSAGES.noType };
  const needsFile = kind === 'legal-document' || rec.signedType !== 1;
  if (needsFile && !submit.hasFile) return { status: 400, message: 'Please, select a file' };
  if (rec.signedType !== 3 && submit.recipients === 0)
    return { status: 409, message: SIGNATURE_MESSAGES.noRecipients };
  return null;
}

/** The signed status a submit leads to: sent for signature, or completed for an already signed upload. */
export const statusAfterSubmit = (signedType: number): SignedStatusValue =>
  signedType === 3 ? 'completed' : 'sent';
