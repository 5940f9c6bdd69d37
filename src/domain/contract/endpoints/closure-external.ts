import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/closure-external (issue 24: moved here one by one). */
export const closureExternal = {} satisfies Record<string, EndpointDef>;
