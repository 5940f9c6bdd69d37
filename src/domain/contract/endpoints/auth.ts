import { endpoint } from '../endpoint';
import { DownloadLinkRequest, DownloadLinkResponse, SignInRequest, SignInResponse } from '../session';

/**
 * The endpoints of src/server/auth/index.ts (integration API). Their bodies may be absent (nullish): the
 * handler then applies its default (sign-in: `{ scopes: ['portal'] }`) or refuses it naming the field.
 */
export const auth = {
  /** Exchanges an identity-provider token (bearer header) for the portal token. */
  signin: endpoint({
    method: 'POST',
    path: '/auth/signin',
    body: SignInRequest.nullish(),
    response: SignInResponse,
  }),
  /** A link that downloads one portal-API file without headers: GET of that path, for 5 minutes. */
  downloadLink: endpoint({
    method: 'POST',
    path: '/auth/download-link',
    body: DownloadLinkRequest.nullish(),
    response: DownloadLinkResponse,
  }),
};
