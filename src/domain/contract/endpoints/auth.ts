import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/auth/index.ts (issue 24: moved here one by one). */
export const auth = {} satisfies Record<string, EndpointDef>;
