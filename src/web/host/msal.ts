import type { IPublicClientApplication } from '@azure/msal-browser';
import { authConfig } from '@web/api/config';

export type Msal = Pick<
  IPublicClientApplication,
  | 'initialize'
  | 'handleRedirectPromise'
  | 'loginRedirect'
  | 'logoutRedirect'
  | 'acquireTokenSilent'
  | 'acquireTokenPopup'
  | 'getActiveAccount'
  | 'getAllAccounts'
  | 'setActiveAccount'
>;

/** MSAL's client for this app: `standard` in the browser, `nestable` (nested app authentication) inside Teams. Loaded on demand. */
export async function loadMsal(
  kind: 'standard' | 'nestable',
  tenantId = authConfig.tenantId ?? 'organizations',
): Promise<Msal> {
  const msal = await import('@azure/msal-browser');
  const configuration = {
    auth: {
      clientId: authConfig.clientId,
      authority: `https://login.microsoftonline.com/${tenantId}`,
      redirectUri: `${window.location.origin}/auth/signin`,
      postLogoutRedirectUri: `${window.location.origin}/`,
    },
    cache: { cacheLocation: 'sessionStorage' as const },
  };
  return kind === 'nestable'
    ? msal.createNestablePublicClientApplication(configuration)
    : msal.createStandardPublicClientApplication(configuration);
}

/** MSAL errors a user's interaction (consent, sign-in) can fix. */
export function needsInteraction(err: unknown): boolean {
  const e = err as { name?: string; errorCode?: string; message?: string };
  const text = `${e?.name ?? ''} ${e?.errorCode ?? ''} ${e?.message ?? ''}`;
  return /InteractionRequired|interaction_required|consent_required|login_required|invalid_grant|AADSTS65001/i.test(
    text,
  );
}

/** A token for the scopes from the signed-in account, silently; undefined when there is none. */
export async function silentToken(pca: Msal, scopes: string[]): Promise<string | undefined> {
  const account = pca.getActiveAccount() ?? pca.getAllAccounts()[0];
  if (!account) return undefined;
  try {
    return (await pca.acquireTokenSilent({ scopes, account })).accessToken;
  } catch {
    return undefined;
  }
}
