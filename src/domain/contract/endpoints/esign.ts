import { endpoint, type EndpointDef } from '../endpoint';
import { DeclineBody, SignBody, SigningTokenParams, SigningView } from '../weekly-status';

/**
 * The public signing page's API (built-in e-signature engine): src/server/modules/esign. The link's token is the
 * credential. (The DocuSign Connect webhook, POST /api/esign/docusign/connect, is no API of the web: not here.)
 */
export const esign = {
  /** What the signing page shows (opening it marks the recipient delivered). */
  view: endpoint({
    method: 'GET',
    path: '/api/esign/sign/:token',
    params: SigningTokenParams,
    response: SigningView,
  }),
  /** The PDF, inline (once completed, the signed PDF). */
  document: endpoint({
    method: 'GET',
    path: '/api/esign/sign/:token/document',
    params: SigningTokenParams,
    file: true,
  }),
  /** Signs with the typed name and consent. */
  sign: endpoint({
    method: 'POST',
    path: '/api/esign/sign/:token/sign',
    params: SigningTokenParams,
    body: SignBody,
    response: SigningView,
  }),
  /** Declines with a reason. */
  decline: endpoint({
    method: 'POST',
    path: '/api/esign/sign/:token/decline',
    params: SigningTokenParams,
    body: DeclineBody,
    response: SigningView,
  }),
} satisfies Record<string, EndpointDef>;
