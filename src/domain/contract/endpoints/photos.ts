import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/photos (issue 24: moved here one by one). */
export const photos = {} satisfies Record<string, EndpointDef>;
