import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/closure-check (issue 24: moved here one by one). */
export const closureCheck = {} satisfies Record<string, EndpointDef>;
