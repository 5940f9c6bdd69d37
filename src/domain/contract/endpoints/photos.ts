import { endpoint } from '../endpoint';
import { PhotoGuidParams, PhotoLoginParams, PhotoQuery } from '../photos';

/**
 * The endpoints of src/server/modules/photos: avatars (spec 000 §2.5), the uploaded photo or generated initials.
 * Binary answers (`file`).
 */
export const photos = {
  /** The avatar of a professional by login. */
  byLogin: endpoint({
    method: 'GET',
    path: '/photos/by-login/:login',
    params: PhotoLoginParams,
    query: PhotoQuery,
    file: true,
  }),
  /** The avatar by photo GUID. */
  byGuid: endpoint({
    method: 'GET',
    path: '/photos/:guid',
    params: PhotoGuidParams,
    query: PhotoQuery,
    file: true,
  }),
};
