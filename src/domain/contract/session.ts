import { z } from 'zod';
import { IdParam } from './params';

/** The session user carried by the portal token (spec 000 §3). */
export const SessionUser = z.object({
  userName: z.string(),
  email: z.string(),
  scopes: z.array(z.string()),
  comanagementId: z.int32().nullable(),
  login: z.string(),
  professionalId: z.int32(),
  practiceId: z.int32().nullable(),
  businessUnits: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** POST /auth/signin body: scopes, a list containing portal. */
export const SignInRequest = z.object({
  scopes: z
    .array(z.string().min(1))
    .min(1, 'must list at least one scope')
    .refine((s) => s.includes('portal'), 'must contain portal'),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SignInResponse = z.object({ accessToken: z.string(), scopes: z.array(z.string()) });
export type SignInResponse = z.infer<typeof SignInResponse>;

/** POST /auth/download-link body: a file path of the portal API (no query, no dot segments). */
export const DownloadLinkRequest = z.object({
  path: z
    .string()
    .max(500)
    .regex(
      /^\/api\/[A-Za-z0-9\-_/.%]+$/,
      'must be a path of the portal API, like /api/support/documents/ambience',
    )
    .refine(
      (p) => !p.split('/').some((seg) => seg === '.' || seg === '..'),
      'must not contain . or .. segments',
    ),
});
export type DownloadLinkRequest = z.infer<typeof DownloadLinkRequest>;

export const DownloadLinkResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadLinkResponse = z.infer<typeof DownloadLinkResponse>;

// --- project sessions (src/server/modules/sessions; the endpoint table)
/** `{ id, sessionId }` of one project session (/api/projects/{id}/sessions/{sessionId}…). */
export const ProjectSessionParams = z.object({ id: IdParam, sessionId: IdParam });
