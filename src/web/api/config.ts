/** Base URLs and identity-provider settings (build-time `VITE_*`; default: this origin + the development IdP). */
const env = import.meta.env as Record<string, string | undefined>;

export const apiConfig = {
  portal: env.VITE_PORTAL_API_URL ?? '',
  integration: env.VITE_INTEGRATION_API_URL ?? '',
  crm: env.VITE_CRM_API_URL ?? '',
};

/**
 * The web app's sign-in page (a page of the navigation tree; its URL is also the API's `POST /auth/signin`,
 * which the app calls through the endpoint table).
 */
export const SIGN_IN_PAGE = '/auth/signin' as const;

export const authConfig = {
  authorizeUrl: env.VITE_AUTH_AUTHORIZE_URL ?? '/dev-idp/authorize',
  logoutUrl: env.VITE_AUTH_LOGOUT_URL ?? '/dev-idp/logout',
  clientId: env.VITE_AUTH_CLIENT_ID ?? 'portal',
  scope: env.VITE_AUTH_SCOPE ?? 'api://portal/access_as_user',
  /** Microsoft Entra ID tenant: when set, the browser signs in with MSAL (redirect) instead of the development IdP. */
  tenantId: env.VITE_AUTH_TENANT_ID || undefined,
};

/** The Teams app id (manifest `id`): deep links open the portal inside Teams when it is known. */
export const teamsConfig = {
  appId: env.VITE_TEAMS_APP_ID || undefined,
};

export type ApiBase = keyof typeof apiConfig;
