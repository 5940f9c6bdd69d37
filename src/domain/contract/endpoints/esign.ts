import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/esign (issue 24: moved here one by one). */
export const esign = {} satisfies Record<string, EndpointDef>;
