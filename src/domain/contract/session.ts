import { z } from 'zod';

/** The session user carried by the portal token (spec 000 §3). */
export const SessionUser = z.object({
  userName: z.string(),
  email: z.string(),
  scopes: z.array(z.string()),
  comanagementId: z.number().int().nullable(),
  login: z.string(),
  professionalId: z.number().int(),
  practiceId: z.number().int().nullable(),
  businessUnits: z.array(z.string()),
});
export type SessionUser = z.infer<typeof SessionUser>;

/** POST /auth/signin body: scopes, a list containing portal. */
export const SignInRequest = z.object({
  scopes: z.array(z.string().min(1)).min(1, 'must list at least one scope').refine((s) => s.includes('portal'), 'must contain portal'),
});
export type SignInRequest = z.infer<typeof SignInRequest>;

export const SignInResponse = z.object({ accessToken: z.string(), scopes: z.array(z.string()) });
export type SignInResponse = z.infer<typeof SignInResponse>;
