/**
 * The public signing page's calls (built-in e-signature engine). The link in the recipient's e-mail is
 * the credential: plain `fetch` without the portal's Authorization header, never the portal's api client (its
 * 401/403 handling would sign a portal user out).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointBody } from '@domain/contract/endpoint';
import { esign } from '@web/api/endpoints/esign';
import { INVALID_SIGNING_LINK, type SigningView } from '@domain/contract/weekly-status';
import { apiConfig } from '@web/api/config';
import { apiPath } from '@web/api/endpoint';
import { signingKeys } from './keys';

export type { SigningView };
export type SignInput = EndpointBody<typeof esign.sign>;
export type DeclineInput = EndpointBody<typeof esign.decline>;

/** The server's answer for an unknown token (404), also shown when it sends no message. */
export const INVALID_LINK_MESSAGE = INVALID_SIGNING_LINK;

/** A refused call: the HTTP status and the server's `message`. */
export class SigningError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SigningError';
  }
  /** 404: the token is unknown. */
  get isInvalidLink() {
    return this.status === 404;
  }
}

/** The absolute URL of a signing endpoint for the link's token. */
const urlOf = (e: (typeof esign)[keyof typeof esign], token: string) =>
  `${apiConfig.portal}${apiPath(e, { params: { token } })}`;

/** GET /api/esign/sign/{token}/document: the PDF, inline (once completed, the signed PDF with its certificate). */
export const documentUrl = (token: string) => urlOf(esign.document, token);

async function call(
  e: typeof esign.view | typeof esign.sign | typeof esign.decline,
  token: string,
  body?: unknown,
): Promise<SigningView> {
  let res: Response;
  try {
    res = await fetch(urlOf(e, token), {
      method: e.method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
  } catch {
    throw new SigningError(0, 'The portal could not be reached. Check your connection and try again.');
  }
  if (!res.ok) {
    let message: string | undefined;
    try {
      const data = (await res.json()) as { message?: unknown };
      if (typeof data?.message === 'string' && data.message) message = data.message;
    } catch {
      /* not JSON */
    }
    throw new SigningError(
      res.status,
      message ?? (res.status === 404 ? INVALID_LINK_MESSAGE : 'Something went wrong...'),
    );
  }
  return (await res.json()) as SigningView;
}

/** GET /api/esign/sign/{token} → SigningView (404 for an unknown token). Refusals (4xx) are not retried. */
export const signingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: signingKeys.view(token),
    queryFn: () => call(esign.view, token),
    enabled: token.length > 0,
    retry: (count, e) => !(e instanceof SigningError && e.status >= 400 && e.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });
export const useSigningView = (token: string) => useQuery(signingQueryOptions(token));

/** POST …/sign { name, consent: true } and POST …/decline { reason } → SigningView, written into the cache. */
export function useSigningActions(token: string) {
  const qc = useQueryClient();
  const store = (view: SigningView) => qc.setQueryData(signingKeys.view(token), view);
  /** 409: the link is no longer pending — the view is read again to show its state. */
  const onError = (e: unknown) => {
    if (e instanceof SigningError && e.status === 409)
      void qc.invalidateQueries({ queryKey: signingKeys.view(token) });
  };
  return {
    sign: useMutation({
      mutationFn: (b: SignInput) => call(esign.sign, token, b),
      onSuccess: store,
      onError,
    }),
    decline: useMutation({
      mutationFn: (b: DeclineInput) => call(esign.decline, token, b),
      onSuccess: store,
      onError,
    }),
  };
}
