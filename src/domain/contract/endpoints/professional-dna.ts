import type { EndpointDef } from '../endpoint';

/** The endpoints of src/server/modules/professional-dna (issue 24: moved here one by one). */
export const professionalDna = {} satisfies Record<string, EndpointDef>;
