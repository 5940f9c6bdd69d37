import { z } from 'zod';

/** The photo service's query: a download link's token (`?access=`, POST /auth/download-link) may stand in for the bearer header. */
export const PhotoQuery = z.object({ access: z.string().max(4000).optional() });
/** `{ login }`: a professional's login (the e-mail's local part). */
export const PhotoLoginParams = z.object({ login: z.string().min(1).max(200) });
/** `{ guid }`: a photo's GUID. */
export const PhotoGuidParams = z.object({ guid: z.string().regex(/^[0-9a-f-]{36}$/i, 'must be a UUID') });
