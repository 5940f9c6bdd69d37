/**
 * The public signing page's calls (issue 12, built-in e-signature engine). The link in the recipient's e-mail is
 * the credential: plain `fetch` without the portal's Authorization header, never the portal's api client (its
 * 401/403 handling would sign a portal user out).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiConfig } from '@web/api/config';
import type { SigningView } from '@domain/contract/weekly-status';

export type { SigningView };
export type SignInput = { name: string; consent: true };
export type DeclineInput = { reason: string };

/** The server's answer for an unknown token (404), also shown when it sends no message. */
export const INVALID_LINK_MESSAGE = 'This signing link is not valid';

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

const base = (token: string) => `${apiConfig.portal}/api/esign/sign/${encodeURIComponent(token)}`;

/** GET /api/esign/sign/{token}/document: the PDF, inline (once completed, the signed PDF with its certificate). */
export const documentUrl = (token: string) => `${base(token)}/document`;

async function call(token: string, path: '' | '/sign' | '/decline', body?: unknown): Promise<SigningView> {
  let res: Response;
  try {
    res = await fetch(`${base(token)}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
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

export const signingKey = (token: string) => ['esign-sign', token] as const;

/** GET /api/esign/sign/{token} → SigningView (404 for an unknown token). Refusals (4xx) are not retried. */
export const signingQueryOptions = (token: string) =>
  queryOptions({
    queryKey: signingKey(token),
    queryFn: () => call(token, ''),
    enabled: token.length > 0,
    retry: (count, e) => !(e instanceof SigningError && e.status >= 400 && e.status < 500) && count < 2,
    refetchOnWindowFocus: false,
  });
export const useSigningView = (token: string) => useQuery(signingQueryOptions(token));

/** POST …/sign { name, consent: true } and POST …/decline { reason } → SigningView, written into the cache. */
export function useSigningActions(token: string) {
  const qc = useQueryClient();
  const store = (view: SigningView) => qc.setQueryData(signingKey(token), view);
  /** 409: the link is no longer pending — the view is read again to show its state. */
  const onError = (e: unknown) => {
    if (e instanceof SigningError && e.status === 409)
      void qc.invalidateQueries({ queryKey: signingKey(token) });
  };
  return {
    sign: useMutation({
      mutationFn: (b: SignInput) => call(token, '/sign', b),
      onSuccess: store,
      onError,
    }),
    decline: useMutation({
      mutationFn: (b: DeclineInput) => call(token, '/decline', b),
      onSuccess: store,
      onError,
    }),
  };
}
