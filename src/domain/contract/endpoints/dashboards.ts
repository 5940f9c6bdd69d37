import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/dashboards (issue 24: moved here one by one). */
export const dashboards = {} satisfies Record<string, EndpointDef>;
