import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/setup-finalization (issue 24: moved here one by one). */
export const setupFinalization = {} satisfies Record<string, EndpointDef>;
