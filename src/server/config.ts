import path from 'node:path';

/** Server configuration, read once from the environment. Every variable is optional. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedProjects: number;
  /** Public origin of the portal (used in e-mails, dev IdP redirects and the Teams manifest). */
  publicUrl: string;
  /** Microsoft Entra ID: when tenant and client id are set, Entra tokens are verified and the dev IdP is refused. */
  entra:
    | {
        tenantId: string;
        clientId: string;
        audience: string;
        issuer: string | undefined;
        jwksUri: string | undefined;
      }
    | undefined;
  /** Secret for the portal JWT; by default a random key kept in the data directory. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /** Azure Blob Storage for files (src/server/adapters/files); local disk under dataDir when unset. */
  azureStorageConnectionString: string | undefined;
  azureStorageContainer: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  knowledgeManagementEmail: string;
  webDist: string;
  logLevel: string;
  /** Days a built-in signing link stays valid (ESIGN_LINK_DAYS, default 30). */
  esignLinkDays: number;
  /** DocuSign (src/server/adapters/esign/docusign.ts) when every DOCUSIGN_* variable it needs is set; the built-in engine otherwise. */
  docusign: DocusignConfig | undefined;
}

export interface DocusignConfig {
  /** DOCUSIGN_ACCOUNT_ID: the API account id (a GUID). */
  accountId: string;
  /** DOCUSIGN_INTEGRATION_KEY: the app's integration key (OAuth client id). */
  integrationKey: string;
  /** DOCUSIGN_USER_ID: the GUID of the user the app acts for (JWT grant, consent given once). */
  userId: string;
  /** DOCUSIGN_PRIVATE_KEY: the RSA private key (PEM text, or a path to a .pem file). */
  privateKey: string;
  /** DOCUSIGN_BASE_PATH: the eSignature REST base, default https://demo.docusign.net/restapi. */
  basePath: string;
  /** DOCUSIGN_OAUTH_HOST: account-d.docusign.com (developer, the default) or account.docusign.com. */
  oauthHost: string;
  /** DOCUSIGN_CONNECT_HMAC_KEY: the Connect configuration's HMAC key; webhooks without a valid signature are refused. */
  connectHmacKey: string | undefined;
}

function docusignFrom(env: NodeJS.ProcessEnv): DocusignConfig | undefined {
  const accountId = env.DOCUSIGN_ACCOUNT_ID;
  const integrationKey = env.DOCUSIGN_INTEGRATION_KEY;
  const userId = env.DOCUSIGN_USER_ID;
  const privateKey = env.DOCUSIGN_PRIVATE_KEY;
  if (!accountId || !integrationKey || !userId || !privateKey) return undefined;
  return {
    accountId,
    integrationKey,
    userId,
    privateKey,
    basePath: (env.DOCUSIGN_BASE_PATH || 'https://demo.docusign.net/restapi').replace(/\/$/, ''),
    oauthHost: env.DOCUSIGN_OAUTH_HOST || 'account-d.docusign.com',
    connectHmacKey: env.DOCUSIGN_CONNECT_HMAC_KEY || undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 53000);
  const host = env.HOST ?? '127.0.0.1';
  const tenantId = env.AUTH_TENANT_ID;
  const clientId = env.AUTH_CLIENT_ID;
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedProjects: env.SEED_PROJECTS !== undefined ? Number(env.SEED_PROJECTS) : 40,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    entra:
      tenantId && clientId
        ? {
            tenantId,
            clientId,
            audience:
              env.AUTH_AUDIENCE ?? `api://${new URL(env.PUBLIC_URL ?? 'http://localhost').host}/${clientId}`,
            issuer: env.AUTH_ISSUER || undefined,
            jwksUri: env.AUTH_JWKS_URI || undefined,
          }
        : undefined,
    jwtSecret: env.PORTAL_JWT_SECRET || undefined,
    jwtTtlSeconds: Number(env.PORTAL_JWT_TTL_SECONDS ?? 8 * 3600),
    azureStorageConnectionString: env.AZURE_STORAGE_CONNECTION_STRING || undefined,
    azureStorageContainer: env.AZURE_STORAGE_CONTAINER || 'portal-files',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Project Portal <portal@example.com>',
    knowledgeManagementEmail: env.KM_EMAIL ?? 'knowledge.management@example.com',
    webDist: path.resolve(env.WEB_DIST ?? 'dist/web'),
    logLevel: env.LOG_LEVEL ?? 'info',
    esignLinkDays: Number(env.ESIGN_LINK_DAYS ?? 30),
    docusign: docusignFrom(env),
  };
}
