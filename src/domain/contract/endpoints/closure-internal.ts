import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/closure-internal (issue 24: moved here one by one). */
export const closureInternal = {} satisfies Record<string, EndpointDef>;
