import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/support (issue 24: moved here one by one). */
export const support = {} satisfies Record<string, EndpointDef>;
