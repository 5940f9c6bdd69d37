import { z } from 'zod';
import { Email } from './common';

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
});
export type WeeklyStatus = z.infer<typeof WeeklyStatus>;
export const WeeklyStatusCreate = z.object({ signedType: SignedType });
export const SignedTypePatch = z.object({ signedType: SignedType });
export const WeeklyStatusUpdate = z.object({
  clientSubmissionDate: z.string().nullable().optional(),
  signedType: SignedType.optional(),
});

/** Content blocks by type 1–5 (General Status, Activity updates, Definitions, Points of Attention, Next Steps). */
export const WeeklyStatusContent = z.object({
  id: z.int32().optional(),
  type: z.int32().min(1).max(5).optional(),
  frontHeader: z.string().max(500).nullable().optional(),
  name: z.string().max(500).nullable().optional(),
  description: z.string().max(20_000).nullable().optional(),
  contentStatus: z.string().max(200).nullable().optional(),
  orderPosition: z.int32().min(0).optional(),
});
export type WeeklyStatusContent = z.infer<typeof WeeklyStatusContent>;

/** Recipient (001 §3, 002 §3): name required, e-mail required and valid. */
export const Recipient = z.object({
  id: z.int32().optional(),
  name: z.string().trim().min(1, 'Recipient name is required'),
  email: Email,
  signedCode: z.string().nullable().optional(),
  isSigned: z.boolean().optional(),
  isActive: z.boolean().optional(),
});
export type Recipient = z.infer<typeof Recipient>;
export const RecipientBody = Recipient.pick({ name: true, email: true });
