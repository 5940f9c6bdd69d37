import { z } from 'zod';

/** One master list in the first administrator's guide: its key (Admin › Master data), label and active items. */
export const GettingStartedList = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

/**
 * What a new portal still lacks (the guide on an empty portal's first screen, for administrators): people and
 * whether provisioning is connected, the master lists and how many items each holds, and the projects.
 */
export const GettingStarted = z.object({
  people: z.object({
    /** Active professionals. */
    active: z.number().int(),
    /** Of those, provisioned from Microsoft Entra ID (SCIM). */
    provisioned: z.number().int(),
    /** Provisioning tokens not revoked, and SCIM_BEARER_TOKEN when set. */
    tokens: z.number().int(),
    /** The last provisioning request that succeeded, or null. */
    lastProvisionedAt: z.string().nullable(),
  }),
  masterData: z.object({
    lists: z.array(GettingStartedList),
    /** The lists a new project needs (a client, a practice, an office) that hold no active item. */
    missingForProjects: z.array(z.string()),
  }),
  projects: z.object({ total: z.number().int() }),
});
export type GettingStarted = z.infer<typeof GettingStarted>;
