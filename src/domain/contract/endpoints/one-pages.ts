import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/one-pages (issue 24: moved here one by one). */
export const onePages = {} satisfies Record<string, EndpointDef>;
