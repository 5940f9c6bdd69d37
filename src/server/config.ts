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
  };
}
