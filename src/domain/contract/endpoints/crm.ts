import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/crm (issue 24: moved here one by one). */
export const crm = {} satisfies Record<string, EndpointDef>;
