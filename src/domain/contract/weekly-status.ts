import { z } from 'zod';
import { Email, takesBack } from './common';
import { IdParam } from './params';

export const SignedStatus = z.enum(['draft', 'reproved', 'sent', 'completed', 'declined', 'deleted']);
export const SignedType = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Weekly status (001 §3). */
export const WeeklyStatus = z.object({
  id: z.int32(),
  createdAt: z.string(),
  clientSubmissionDate: z.string().nullable(),
  submittedAt: z.string().nullable(),
  isSubmitted: z.boolean(),
  signedStatus: SignedStatus.nullable(),
  signedType: SignedType.nullable(),
  signatureFilename: z.string().nullable(),
  unSignatureFilename: z.string().nullable(),
  /** The record's version (ETag / If-Match on PUT). */
  version: z.int32(),
});
export type WeeklyStatus = z.infer<typeof WeeklyStatus>;
/**
 * POST /api/weekly-status/project/{projectId}: a new draft on the path chosen in step 1. `startFrom` starts it from
 * another weekly status of the same project (the dialog offers the project's newest): its sections and recipients
 * are copied, the signature starts afresh.
 */
export const WeeklyStatusCreate = z.object({
  signedType: SignedType,
  startFrom: z.int32().positive().optional(),
});
export type WeeklyStatusCreate = z.infer<typeof WeeklyStatusCreate>;
/** 404 of a create whose `startFrom` names no weekly status. */
export const startFromUnknownMessage = (id: number) =>
  `The weekly status to start from (${id}) was not found`;
/** 400 of a create whose `startFrom` is a weekly status of another project. */
export const startFromOtherProjectMessage = (id: number) =>
  `Invalid request: startFrom: weekly status ${id} is not one of this project's weekly statuses`;
export const SignedTypePatch = z.object({ signedType: SignedType });
/**
 * PUT /api/weekly-status/{id}: the client submission date while editable; `isSubmitted: false` on a submitted
 * status is the list's Undo Submit (only for a declined signature: it goes back to reproved and can be edited and
 * sent again). The record as GET gave it is accepted (its other fields are read-only; isSubmitted equal to the
 * record's is no change).
 */
export const WeeklyStatusUpdate = takesBack(
  z.object({
    clientSubmissionDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
      .nullable()
      .optional(),
    isSubmitted: z.boolean().optional(),
  }),
  WeeklyStatus,
);

/** Content blocks by type 1–5 (General Status, Activity updates, Definitions, Points of Attention, Next Steps). */
export const WeeklyStatusContent = z.object({
  id: z.int32().optional(),
  type: z.int32().min(1).max(5).optional(),
  frontHeader: z.string().max(500).nullable().optional(),
  name: z.string().max(500).nullable().optional(),
  description: z.string().max(20_000).nullable().optional(),
  contentStatus: z.string().max(200).nullable().optional(),
  orderPosition: z.int32().min(0).optional(),
  version: z.int32().optional(),
});
export type WeeklyStatusContent = z.infer<typeof WeeklyStatusContent>;
/** A content block as the server answers it: with its id and version (If-Match of PUT / DELETE). */
export const VersionedWeeklyStatusContent = WeeklyStatusContent.required({ id: true, version: true });
export type VersionedWeeklyStatusContent = z.infer<typeof VersionedWeeklyStatusContent>;
/** `{ id, type }`: a weekly status's section 1–5 (…/weekly-status/{id}/type/{type}). */
export const WeeklyStatusSectionParams = z.object({
  id: IdParam,
  type: z
    .string()
    .regex(/^[1-5]$/, 'must be a section type 1 to 5')
    .transform(Number),
});

/** Recipient (001 §3, 002 §3): name required, e-mail required and valid. */
export const Recipient = z.object({
  id: z.int32().optional(),
  name: z.string().trim().min(1, 'Recipient name is required'),
  email: Email,
  signedCode: z.string().nullable().optional(),
  isSigned: z.boolean().optional(),
  isActive: z.boolean().optional(),
  version: z.int32().optional(),
});
export type Recipient = z.infer<typeof Recipient>;
export const RecipientBody = Recipient.pick({ name: true, email: true });
/** PUT /api/weekly-status/{id}/recipients/{recipientId}: absent fields kept. */
export const RecipientUpdate = RecipientBody.partial();
/** A recipient as the server answers it: with its id and version (If-Match of PUT / DELETE). */
export const VersionedRecipient = Recipient.required({ id: true, version: true });
export type VersionedRecipient = z.infer<typeof VersionedRecipient>;
/** `{ id, recipientId }`: one recipient of a weekly status. */
export const WeeklyStatusRecipientParams = z.object({ id: IdParam, recipientId: IdParam });
/** GET /api/weekly-status/{id}/file?signed=0|1: the signed (1) or not signed (0, default) file. */
export const WeeklyStatusFileQuery = z.object({ signed: z.enum(['0', '1']).default('0') });

/** The weekly status as the wizard reads it: the record, its project's header and the availability of §4. */
export const WeeklyStatusId = z.object({ id: z.int32() });

// ---------------------------------------------------------------------------------------------------------------
// The portal's own signing page (public: the link in the recipient's e-mail is the credential).

/** The answer for a malformed or unknown signing link (400 / 404). */
export const INVALID_SIGNING_LINK = 'This signing link is not valid';
/** `{ token }`: the signing link's token (the credential). */
export const SigningTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, INVALID_SIGNING_LINK),
});

export const SigningState = z.enum(['pending', 'signed', 'declined', 'expired', 'voided', 'completed']);
/** GET /api/esign/sign/{token}: what the signing page shows. */
export const SigningView = z.object({
  state: SigningState,
  subject: z.string(),
  documentName: z.string(),
  /** SHA-256 (hex) of the document being signed. */
  documentSha256: z.string(),
  recipient: z.object({ name: z.string(), email: z.string() }),
  /** The sender (project and firm), for the recipient to recognise. */
  sender: z.string(),
  expiresAt: z.string().nullable(),
  signedAt: z.string().nullable(),
  signers: z.array(z.object({ name: z.string(), signed: z.boolean() })),
});
export type SigningView = z.infer<typeof SigningView>;
export const SIGN_CONSENT_MESSAGE = 'Please confirm that you agree to sign this document electronically';
export const SignBody = z.object({
  name: z.string().trim().min(1, 'Type your full name to sign').max(200),
  consent: z.literal(true, SIGN_CONSENT_MESSAGE),
});
export const DeclineBody = z.object({
  reason: z.string().trim().min(1, 'Tell the sender why you decline').max(2000),
});
