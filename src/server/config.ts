import path from 'node:path';
import { z } from 'zod';

/** Server configuration, read once from the environment and validated (`loadConfig`). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections of the server's PostgreSQL pool (DB_POOL_SIZE, default 10). */
  dbPoolSize: number;
  seedProjects: number;
  /**
   * SEED_DEMO: fill an empty database with the DEMO-DATA people and projects (+ SEED_PROJECTS generated ones).
   * Default: on when the development identity provider is (development, demos, tests), off otherwise — a
   * firm's portal never gets fictitious people.
   */
  seedDemo: boolean;
  /** PORTAL_ADMIN_EMAIL / PORTAL_ADMIN_NAME: the first administrator, made when nobody holds Admin yet. */
  bootstrapAdmin: { email: string; name: string } | undefined;
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
  /**
   * Whether the development identity provider is served: PORTAL_DEV_IDP=true, or unset with the server
   * bound to loopback and no Entra ID. A start on another address without Entra ID and without
   * PORTAL_DEV_IDP=true is refused (`loadConfig` throws).
   */
  devIdp: boolean;
  /** Secret for the portal JWT; by default a random key kept in the database (or the data directory). */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  /**
   * Where files are kept (FILE_STORE): Azure Blob Storage when its connection string is set, PostgreSQL
   * when DATABASE_URL is set, the data directory otherwise. 'disk' with DATABASE_URL only when asked for
   * explicitly (the operator declares DATA_DIR/files shared by every replica).
   */
  fileStore: 'azure' | 'postgres' | 'disk';
  /** Azure Blob Storage for files (src/server/adapters/files). */
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
  /** TRUST_PROXY: whose X-Forwarded-For to believe (Fastify's trustProxy: false, true, a hop count or addresses). */
  trustProxy: boolean | number | string[];
  /** Admission control (src/server/platform/overload.ts): beyond it, 503 with Retry-After at once. */
  overload: {
    /** MAX_CONCURRENT_REQUESTS: API requests served at the same time. */
    maxConcurrent: number;
    /** MAX_QUEUED_REQUESTS: API requests waiting for a slot; more are refused at once. */
    maxQueued: number;
    /** MAX_QUEUE_WAIT_MS: the longest a request waits for a slot before it is refused. */
    maxQueueWaitMs: number;
    /** MAX_EVENT_LOOP_DELAY_MS: beyond this event-loop delay every new request is refused (0 = off). */
    maxEventLoopDelayMs: number;
  };
  /** Requests per minute and client address on the routes anyone may call (per replica). */
  rateLimits: {
    /** RATE_LIMIT_SIGNIN_PER_MINUTE: POST /auth/signin and the development identity provider. */
    signinPerMinute: number;
    /** RATE_LIMIT_PUBLIC_PER_MINUTE: public signing pages and their API, the DocuSign Connect webhook. */
    publicPerMinute: number;
  };
  /** SHUTDOWN_TIMEOUT_MS: on SIGTERM, how long in-flight requests and jobs may take to finish. */
  shutdownTimeoutMs: number;
  /** PORTAL_TIME_ZONE: the offices' time zone (IANA), for the weekly reminders' "Thursday 12:00" (default America/Sao_Paulo). */
  timeZone: string;
  /** A firm's people: provisioning over SCIM and the sign-in's options for tenants that do not provision. */
  people: {
    /**
     * SCIM_BEARER_TOKEN: a provisioning secret accepted beside the tokens an administrator creates on the People
     * screen (at least 32 characters; e.g. a Key Vault reference). Unset: only the People screen's tokens.
     */
    scimBearerToken: string | undefined;
    /** SCIM_REQUESTS_PER_SECOND: provisioning requests per second and token (per replica), default 50. */
    scimRequestsPerSecond: number;
    /** AUTH_ROLES_FROM_TOKEN=true: the Entra sign-in token's `roles` claim (the app roles) sets the person's scopes. */
    rolesFromToken: boolean;
    /**
     * PEOPLE_JUST_IN_TIME=true: a member of the tenant who signs in with Entra ID and is not yet a professional
     * becomes one (keyed on the token's oid + tid), with no scope. Guests never do.
     */
    justInTime: boolean;
  };
  /** Teams reach: activity-feed notifications through Microsoft Graph and the bot's message extension. */
  teams: TeamsConfig;
  /** OpenTelemetry export: nowhere unless one of the two is set. */
  telemetry: {
    serviceName: string;
    /** APPLICATIONINSIGHTS_CONNECTION_STRING: export to Azure Monitor. */
    azureMonitorConnectionString: string | undefined;
    /** OTEL_EXPORTER_OTLP_ENDPOINT: export over OTLP/HTTP. */
    otlpEndpoint: string | undefined;
  };
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

export interface TeamsConfig {
  /** TEAMS_APP_ID: the Teams app's id (appPackage/manifest.json "id"): deep links into the app, activity notifications. */
  appId: string | undefined;
  /**
   * Activity-feed notifications (Microsoft Graph, app-only token by client credentials): on when
   * GRAPH_CLIENT_SECRET and TEAMS_APP_ID are set. The Entra app is the sign-in one (AUTH_TENANT_ID, AUTH_CLIENT_ID)
   * unless GRAPH_TENANT_ID / GRAPH_CLIENT_ID name a separate one (keeping the application permission off the
   * sign-in app). GRAPH_BASE_URL / AUTH_AUTHORITY_HOST point elsewhere for tests (fakes) and national clouds.
   */
  graph:
    | {
        tenantId: string;
        clientId: string;
        clientSecret: string;
        /** GRAPH_BASE_URL, default https://graph.microsoft.com/v1.0 (no trailing slash). */
        baseUrl: string;
        /** AUTH_AUTHORITY_HOST, default https://login.microsoftonline.com (no trailing slash). */
        authorityHost: string;
      }
    | undefined;
  /**
   * The bot endpoint POST /api/messages (message extension: link unfurling, "Find a project"): on when BOT_ID is
   * set. Requests carry a Bot Framework JWT whose audience is BOT_ID, checked against the key set named by
   * BOT_OPENID_METADATA_URL (default Bot Framework's; tests serve their own).
   */
  bot:
    | {
        appId: string;
        /** BOT_TENANT_ID (default AUTH_TENANT_ID): only this tenant's people are answered. */
        tenantId: string | undefined;
        openIdMetadataUrl: string;
        /** BOT_ISSUER (default https://api.botframework.com). */
        issuer: string;
        /**
         * BOT_PLAYGROUND=true (development only: a loopback HOST and the development identity provider, else the
         * start is refused): activities of the Microsoft 365 Agents Playground, which carry no Bot Framework token,
         * are answered too, their Teams user read as the DEMO person whose login is the user's id. Absent
         * otherwise: every activity needs its token.
         */
        playground?: true;
      }
    | undefined;
}

/** A configuration the server cannot start with; its message is one line naming the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

// ---- the variables, each with what it expects (the message a wrong value gets) ----

const int = (min: number, max: number, what?: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { message: what ?? `an integer from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: what ?? `an integer from ${min} to ${max}` });

const bool = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'].includes(v), {
    message: 'true or false',
  })
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

const url = (protocols: string[], what: string) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: what },
    );

const text = z.string().trim().min(1, { message: 'a non-empty value' });

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Every environment variable the server reads through validation (docs/configuration.md is generated from it). */
export const EnvSchema = z.object({
  PORT: int(0, 65535).optional(),
  HOST: text.optional(),
  PUBLIC_URL: url(['http:', 'https:'], 'an http(s) URL such as https://portal.example.com').optional(),
  DATA_DIR: text.optional(),
  DATABASE_URL: url(['postgres:', 'postgresql:'], 'a postgres:// connection URL').optional(),
  DB_POOL_SIZE: int(1, 200).optional(),
  SEED_PROJECTS: int(0, 20000).optional(),
  SEED_DEMO: bool.optional(),
  SCIM_BEARER_TOKEN: z.string().trim().min(32, { message: 'a secret of at least 32 characters' }).optional(),
  SCIM_REQUESTS_PER_SECOND: int(1, 10000).optional(),
  AUTH_ROLES_FROM_TOKEN: bool.optional(),
  PEOPLE_JUST_IN_TIME: bool.optional(),
  PORTAL_ADMIN_EMAIL: z.email({ message: 'an e-mail address' }).optional(),
  PORTAL_ADMIN_NAME: text.optional(),
  PORTAL_DEV_IDP: bool.optional(),
  PORTAL_JWT_SECRET: z.string().min(32, { message: 'a secret of at least 32 characters' }).optional(),
  PORTAL_JWT_TTL_SECONDS: int(60, 7 * 24 * 3600, 'seconds from 60 to 604800').optional(),
  AUTH_TENANT_ID: text.optional(),
  AUTH_CLIENT_ID: text.optional(),
  AUTH_AUDIENCE: text.optional(),
  AUTH_ISSUER: url(['https:', 'http:'], 'the issuer URL').optional(),
  AUTH_JWKS_URI: url(['https:', 'http:'], 'the key set URL').optional(),
  FILE_STORE: z.enum(['azure', 'postgres', 'disk'], { message: 'azure, postgres or disk' }).optional(),
  AZURE_STORAGE_CONNECTION_STRING: text.optional(),
  AZURE_STORAGE_CONTAINER: z
    .string()
    .regex(/^[a-z0-9](?!.*--)[a-z0-9-]{1,61}[a-z0-9]$/, {
      message: 'a blob container name (3–63 lower-case letters, digits and hyphens)',
    })
    .optional(),
  SMTP_URL: url(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: text.optional(),
  KM_EMAIL: z.email({ message: 'an e-mail address' }).optional(),
  WEB_DIST: text.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: LOG_LEVELS.join(', ') }).optional(),
  ESIGN_LINK_DAYS: int(1, 365).optional(),
  DOCUSIGN_BASE_PATH: url(['https:', 'http:'], 'the eSignature REST base URL').optional(),
  DOCUSIGN_OAUTH_HOST: text.optional(),
  TRUST_PROXY: text.optional(),
  MAX_CONCURRENT_REQUESTS: int(1, 10000).optional(),
  MAX_QUEUED_REQUESTS: int(0, 100000).optional(),
  MAX_QUEUE_WAIT_MS: int(1, 60000).optional(),
  MAX_EVENT_LOOP_DELAY_MS: int(0, 60000).optional(),
  RATE_LIMIT_SIGNIN_PER_MINUTE: int(1, 1_000_000).optional(),
  RATE_LIMIT_PUBLIC_PER_MINUTE: int(1, 1_000_000).optional(),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000).optional(),
  PORTAL_TIME_ZONE: z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          new Intl.DateTimeFormat('en-US', { timeZone: v });
          return true;
        } catch {
          return false;
        }
      },
      { message: 'an IANA time zone such as America/Sao_Paulo' },
    )
    .optional(),
  TEAMS_APP_ID: text.optional(),
  GRAPH_CLIENT_SECRET: text.optional(),
  GRAPH_TENANT_ID: text.optional(),
  GRAPH_CLIENT_ID: text.optional(),
  GRAPH_BASE_URL: url(
    ['https:', 'http:'],
    'the Microsoft Graph base URL such as https://graph.microsoft.com/v1.0',
  ).optional(),
  AUTH_AUTHORITY_HOST: url(
    ['https:', 'http:'],
    'the authority host such as https://login.microsoftonline.com',
  ).optional(),
  BOT_ID: text.optional(),
  BOT_TENANT_ID: text.optional(),
  BOT_OPENID_METADATA_URL: url(
    ['https:', 'http:'],
    'the OpenID metadata URL of the Bot Framework key set',
  ).optional(),
  BOT_ISSUER: text.optional(),
  BOT_PLAYGROUND: bool.optional(),
  OTEL_SERVICE_NAME: text.optional(),
  APPLICATIONINSIGHTS_CONNECTION_STRING: z
    .string()
    .regex(/InstrumentationKey=/i, { message: 'an Application Insights connection string' })
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: url(['http:', 'https:'], 'an http(s) URL of an OTLP collector').optional(),
});

const DOCUSIGN_REQUIRED = [
  'DOCUSIGN_ACCOUNT_ID',
  'DOCUSIGN_INTEGRATION_KEY',
  'DOCUSIGN_USER_ID',
  'DOCUSIGN_PRIVATE_KEY',
] as const;

function docusignFrom(env: NodeJS.ProcessEnv, basePath?: string, oauthHost?: string) {
  const set = DOCUSIGN_REQUIRED.filter((k) => env[k]);
  if (set.length === 0) return undefined;
  if (set.length < DOCUSIGN_REQUIRED.length) {
    const missing = DOCUSIGN_REQUIRED.filter((k) => !env[k]);
    throw new ConfigError(
      `Configuration error: ${missing.join(', ')} must be set with ${set.join(', ')} (DocuSign needs all four)`,
    );
  }
  return {
    accountId: env.DOCUSIGN_ACCOUNT_ID!,
    integrationKey: env.DOCUSIGN_INTEGRATION_KEY!,
    userId: env.DOCUSIGN_USER_ID!,
    privateKey: env.DOCUSIGN_PRIVATE_KEY!,
    basePath: (basePath || 'https://demo.docusign.net/restapi').replace(/\/$/, ''),
    oauthHost: oauthHost || 'account-d.docusign.com',
    connectHmacKey: env.DOCUSIGN_CONNECT_HMAC_KEY || undefined,
  } satisfies DocusignConfig;
}

const noSlash = (u: string) => u.replace(/\/+$/, '');

function teamsFrom(
  e: z.infer<typeof EnvSchema>,
  entra: Config['entra'],
  where: { host: string; devIdp: boolean },
): TeamsConfig {
  let graph: TeamsConfig['graph'];
  if (e.GRAPH_CLIENT_SECRET) {
    // the Entra app of the app-only Graph token: the sign-in app unless a separate one is named
    const tenantId = e.GRAPH_TENANT_ID ?? entra?.tenantId;
    const clientId = e.GRAPH_CLIENT_ID ?? entra?.clientId;
    if (!tenantId || !clientId)
      throw new ConfigError(
        'Configuration error: GRAPH_CLIENT_SECRET needs the Entra app it belongs to: GRAPH_TENANT_ID and GRAPH_CLIENT_ID, or AUTH_TENANT_ID and AUTH_CLIENT_ID',
      );
    if (!e.TEAMS_APP_ID)
      throw new ConfigError(
        "Configuration error: GRAPH_CLIENT_SECRET turns on Teams activity notifications, which need TEAMS_APP_ID (the Teams app's id in appPackage/manifest.json)",
      );
    graph = {
      tenantId,
      clientId,
      clientSecret: e.GRAPH_CLIENT_SECRET,
      baseUrl: noSlash(e.GRAPH_BASE_URL ?? 'https://graph.microsoft.com/v1.0'),
      authorityHost: noSlash(e.AUTH_AUTHORITY_HOST ?? 'https://login.microsoftonline.com'),
    };
  } else {
    const stray = (
      ['GRAPH_BASE_URL', 'AUTH_AUTHORITY_HOST', 'GRAPH_TENANT_ID', 'GRAPH_CLIENT_ID'] as const
    ).find((k) => e[k]);
    if (stray)
      throw new ConfigError(
        `Configuration error: ${stray} is set but Teams notifications are off: set GRAPH_CLIENT_SECRET (and TEAMS_APP_ID)`,
      );
  }
  let bot: TeamsConfig['bot'];
  if (e.BOT_ID) {
    bot = {
      appId: e.BOT_ID,
      tenantId: e.BOT_TENANT_ID ?? entra?.tenantId,
      openIdMetadataUrl:
        e.BOT_OPENID_METADATA_URL ?? 'https://login.botframework.com/v1/.well-known/openidconfiguration',
      issuer: e.BOT_ISSUER ?? 'https://api.botframework.com',
    };
  } else if (e.BOT_OPENID_METADATA_URL || e.BOT_TENANT_ID || e.BOT_ISSUER || e.BOT_PLAYGROUND) {
    throw new ConfigError(
      "Configuration error: BOT_OPENID_METADATA_URL, BOT_TENANT_ID, BOT_ISSUER and BOT_PLAYGROUND need BOT_ID (the bot registration's app id)",
    );
  }
  if (bot && e.BOT_PLAYGROUND) {
    // activities without a Bot Framework token: only a server nobody else reaches, where anyone may sign in as anyone
    if (!isLoopback(where.host))
      throw new ConfigError(
        `Configuration error: BOT_PLAYGROUND=true answers bot activities without a Bot Framework token: it needs a loopback HOST (127.0.0.1, ::1 or localhost), not HOST=${where.host}`,
      );
    if (entra || !where.devIdp)
      throw new ConfigError(
        'Configuration error: BOT_PLAYGROUND=true answers bot activities without a Bot Framework token: it is for development with the development identity provider, not with Microsoft Entra ID (AUTH_TENANT_ID, AUTH_CLIENT_ID)',
      );
    bot.playground = true;
  }
  return { appId: e.TEAMS_APP_ID, graph, bot };
}

/** 127.0.0.0/8, ::1 and localhost: a server nobody else can reach. */
export function isLoopback(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

function trustProxyFrom(value: string | undefined): boolean | number | string[] {
  if (value === undefined) return false;
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'on'].includes(v)) return true;
  if (['false', 'no', 'off', ''].includes(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const address = /^([0-9a-f.:]+)(\/\d{1,3})?$/i;
  const bad = list.find((a) => !address.test(a) && !['loopback', 'linklocal', 'uniquelocal'].includes(a));
  if (bad)
    throw new ConfigError(
      `Configuration error: TRUST_PROXY expects true, false, a hop count or a comma-separated list of addresses/CIDRs (got ${JSON.stringify(bad)})`,
    );
  return list;
}

/**
 * Reads and validates the environment. A wrong value throws a ConfigError whose message is one line
 * naming the variable and what it expects; main.ts prints it and exits non-zero before touching the
 * database.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // an empty variable counts as unset (as `FOO= npm start` means)
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => {
      const name = String(i.path[0]);
      const got = present[name];
      const shown = /SECRET|PASSWORD|CONNECTION_STRING|KEY/.test(name) ? '(hidden)' : JSON.stringify(got);
      return `${name} expects ${i.message} (got ${shown})`;
    });
    throw new ConfigError(`Configuration error: ${[...new Set(problems)].join('; ')}`);
  }
  const e = parsed.data;

  const port = e.PORT ?? 53000;
  const host = e.HOST ?? '127.0.0.1';
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const tenantId = e.AUTH_TENANT_ID;
  const clientId = e.AUTH_CLIENT_ID;
  if (Boolean(tenantId) !== Boolean(clientId)) {
    throw new ConfigError(
      `Configuration error: AUTH_TENANT_ID and AUTH_CLIENT_ID must be set together (Microsoft Entra ID sign-in); only ${tenantId ? 'AUTH_TENANT_ID' : 'AUTH_CLIENT_ID'} is set`,
    );
  }
  const entra =
    tenantId && clientId
      ? {
          tenantId,
          clientId,
          audience:
            e.AUTH_AUDIENCE ?? `api://${new URL(e.PUBLIC_URL ?? 'http://localhost').host}/${clientId}`,
          issuer: e.AUTH_ISSUER,
          jwksUri: e.AUTH_JWKS_URI,
        }
      : undefined;

  let devIdp: boolean;
  if (entra) {
    if (e.PORTAL_DEV_IDP === true)
      throw new ConfigError(
        'Configuration error: PORTAL_DEV_IDP=true cannot be combined with Microsoft Entra ID (AUTH_TENANT_ID, AUTH_CLIENT_ID): anyone could sign in as anyone',
      );
    devIdp = false;
  } else if (e.PORTAL_DEV_IDP !== undefined) {
    if (!e.PORTAL_DEV_IDP)
      throw new ConfigError(
        'Configuration error: PORTAL_DEV_IDP=false leaves no way to sign in: set AUTH_TENANT_ID and AUTH_CLIENT_ID (Microsoft Entra ID)',
      );
    devIdp = true;
  } else if (isLoopback(host)) {
    devIdp = true;
  } else {
    throw new ConfigError(
      `Configuration error: HOST=${host} is reachable from other machines but no sign-in is configured: set AUTH_TENANT_ID and AUTH_CLIENT_ID (Microsoft Entra ID), or PORTAL_DEV_IDP=true for a demo where anyone may sign in as anyone`,
    );
  }

  const databaseUrl = e.DATABASE_URL;
  const azureStorageConnectionString = e.AZURE_STORAGE_CONNECTION_STRING;
  let fileStore: Config['fileStore'];
  if (e.FILE_STORE) {
    fileStore = e.FILE_STORE;
    if (fileStore === 'azure' && !azureStorageConnectionString)
      throw new ConfigError('Configuration error: FILE_STORE=azure needs AZURE_STORAGE_CONNECTION_STRING');
    if (fileStore === 'postgres' && !databaseUrl)
      throw new ConfigError(
        'Configuration error: FILE_STORE=postgres needs DATABASE_URL (the embedded database keeps files in DATA_DIR/files)',
      );
  } else fileStore = azureStorageConnectionString ? 'azure' : databaseUrl ? 'postgres' : 'disk';

  const teams = teamsFrom(e, entra, { host, devIdp });

  return {
    port,
    host,
    dataDir: path.resolve(e.DATA_DIR ?? '.data'),
    databaseUrl,
    dbPoolSize: e.DB_POOL_SIZE ?? 10,
    seedProjects: e.SEED_PROJECTS ?? 40,
    seedDemo: e.SEED_DEMO ?? (devIdp && !entra),
    bootstrapAdmin: e.PORTAL_ADMIN_EMAIL
      ? {
          email: e.PORTAL_ADMIN_EMAIL.toLowerCase(),
          name: e.PORTAL_ADMIN_NAME ?? e.PORTAL_ADMIN_EMAIL.split('@')[0]!,
        }
      : undefined,
    publicUrl,
    entra,
    devIdp,
    jwtSecret: e.PORTAL_JWT_SECRET,
    jwtTtlSeconds: e.PORTAL_JWT_TTL_SECONDS ?? 8 * 3600,
    fileStore,
    azureStorageConnectionString,
    azureStorageContainer: e.AZURE_STORAGE_CONTAINER ?? 'portal-files',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Project Portal <portal@example.com>',
    knowledgeManagementEmail: e.KM_EMAIL ?? 'knowledge.management@example.com',
    webDist: path.resolve(e.WEB_DIST ?? 'dist/web'),
    logLevel: e.LOG_LEVEL ?? 'info',
    esignLinkDays: e.ESIGN_LINK_DAYS ?? 30,
    docusign: docusignFrom(env, e.DOCUSIGN_BASE_PATH, e.DOCUSIGN_OAUTH_HOST),
    trustProxy: trustProxyFrom(e.TRUST_PROXY),
    overload: {
      maxConcurrent: e.MAX_CONCURRENT_REQUESTS ?? 16,
      maxQueued: e.MAX_QUEUED_REQUESTS ?? 64,
      maxQueueWaitMs: e.MAX_QUEUE_WAIT_MS ?? 400,
      maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS ?? 1000,
    },
    rateLimits: {
      signinPerMinute: e.RATE_LIMIT_SIGNIN_PER_MINUTE ?? 60,
      publicPerMinute: e.RATE_LIMIT_PUBLIC_PER_MINUTE ?? 120,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 15_000,
    timeZone: e.PORTAL_TIME_ZONE ?? 'America/Sao_Paulo',
    teams,
    people: {
      scimBearerToken: e.SCIM_BEARER_TOKEN,
      scimRequestsPerSecond: e.SCIM_REQUESTS_PER_SECOND ?? 50,
      rolesFromToken: e.AUTH_ROLES_FROM_TOKEN ?? false,
      justInTime: e.PEOPLE_JUST_IN_TIME ?? false,
    },
    telemetry: {
      serviceName: e.OTEL_SERVICE_NAME ?? 'project-portal',
      azureMonitorConnectionString: e.APPLICATIONINSIGHTS_CONNECTION_STRING,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    },
  };
}

// ---- what each variable means, for docs/configuration.md (`npm run docs:config`; a test compares) ----

/** One variable's documentation: its section, its default as a reader needs it, one line of meaning. */
export interface EnvDoc {
  group:
    | 'Server'
    | 'Database and demo data'
    | 'Sign-in'
    | 'People'
    | 'Files'
    | 'Mail'
    | 'E-signature'
    | 'Teams'
    | 'Capacity and shutdown'
    | 'Telemetry';
  default?: string;
  description: string;
}

/** Every variable of EnvSchema, documented (a variable added to the schema without an entry fails the typecheck). */
export const ENV_DOCS: Record<keyof typeof EnvSchema.shape, EnvDoc> = {
  PORT: { group: 'Server', default: '`53000`', description: 'HTTP port.' },
  HOST: {
    group: 'Server',
    default: '`127.0.0.1`',
    description:
      'Bind address (`0.0.0.0` in a container). On any address other than loopback the server refuses to start without Entra ID (or `PORTAL_DEV_IDP=true`).',
  },
  PUBLIC_URL: {
    group: 'Server',
    default: '`http://localhost:$PORT`',
    description: "The portal's public origin: redirects, e-mail links, Teams deep links.",
  },
  DATA_DIR: {
    group: 'Database and demo data',
    default: '`.data`',
    description:
      'The embedded database (`pgdata/`), its keys and, with `FILE_STORE=disk`, the files (`files/`).',
  },
  DATABASE_URL: {
    group: 'Database and demo data',
    description:
      'Use this PostgreSQL server instead of the embedded database (`postgres://user:pass@host:5432/db`); migrations run at start.',
  },
  DB_POOL_SIZE: {
    group: 'Database and demo data',
    default: '`10`',
    description: "Connections of each replica's PostgreSQL pool (the job queue has 4 more).",
  },
  SEED_PROJECTS: {
    group: 'Database and demo data',
    default: '`40`',
    description: 'Generated projects added to the DEMO ones when an empty database is seeded.',
  },
  SEED_DEMO: {
    group: 'Database and demo data',
    default: 'on when the development identity provider runs',
    description:
      "Fill an empty database with the DEMO-DATA people and projects (+ `SEED_PROJECTS`); a firm's portal (Entra ID) gets none.",
  },
  SCIM_BEARER_TOKEN: {
    group: 'People',
    description:
      'A provisioning secret accepted beside the tokens an administrator creates on the People screen (e.g. a Key Vault reference).',
  },
  SCIM_REQUESTS_PER_SECOND: {
    group: 'People',
    default: '`50`',
    description: 'Provisioning (SCIM) requests per second and token, per replica.',
  },
  AUTH_ROLES_FROM_TOKEN: {
    group: 'People',
    default: '`false`',
    description: "`true`: the Entra sign-in token's `roles` claim (the app roles) sets the person's scopes.",
  },
  PEOPLE_JUST_IN_TIME: {
    group: 'People',
    default: '`false`',
    description:
      '`true`: a member of the tenant who signs in with Entra ID and is not yet a professional becomes one, with no scope (guests never do).',
  },
  PORTAL_ADMIN_EMAIL: {
    group: 'People',
    description:
      "The first administrator: while no active professional holds Admin, this e-mail's professional is made active with Admin (created when missing).",
  },
  PORTAL_ADMIN_NAME: {
    group: 'People',
    default: "the e-mail's local part",
    description: "The first administrator's name when the professional is created.",
  },
  PORTAL_DEV_IDP: {
    group: 'Sign-in',
    default: 'on when bound to loopback and Entra ID is off',
    description:
      '`true` serves the development identity provider (anyone signs in as anyone: demos only) on any address; refused beside Entra ID.',
  },
  PORTAL_JWT_SECRET: {
    group: 'Sign-in',
    default: 'a random key kept in the database',
    description:
      'HS256 secret of the portal token; without it the first replica creates one (`server_keys`) and every replica reads it.',
  },
  PORTAL_JWT_TTL_SECONDS: { group: 'Sign-in', default: '`28800`', description: 'Portal token lifetime.' },
  AUTH_TENANT_ID: {
    group: 'Sign-in',
    description:
      'Microsoft Entra ID tenant: with `AUTH_CLIENT_ID`, sign-in verifies Entra tokens and the development identity provider is off.',
  },
  AUTH_CLIENT_ID: {
    group: 'Sign-in',
    description: "The Entra app's client id (set together with `AUTH_TENANT_ID`).",
  },
  AUTH_AUDIENCE: {
    group: 'Sign-in',
    default: '`api://<PUBLIC_URL host>/<AUTH_CLIENT_ID>`',
    description: 'The accepted audience of Entra tokens (the client id is accepted too).',
  },
  AUTH_ISSUER: {
    group: 'Sign-in',
    default: "the tenant's v2 and v1 issuers",
    description: 'Override of the accepted issuer (sovereign clouds, tests).',
  },
  AUTH_JWKS_URI: {
    group: 'Sign-in',
    default: "the tenant's key set",
    description: 'Override of the key set Entra tokens are verified with (sovereign clouds, tests).',
  },
  FILE_STORE: {
    group: 'Files',
    default: '`azure` with a storage connection string, else `postgres` with `DATABASE_URL`, else `disk`',
    description:
      'Where files go: Azure Blob Storage, PostgreSQL (`file_contents`) or `DATA_DIR/files` (with `DATABASE_URL` only when set explicitly: the folder must be shared by every replica).',
  },
  AZURE_STORAGE_CONNECTION_STRING: {
    group: 'Files',
    description: 'Store uploaded and generated files in Azure Blob Storage.',
  },
  AZURE_STORAGE_CONTAINER: {
    group: 'Files',
    default: '`portal-files`',
    description: 'The blob container (created when missing).',
  },
  SMTP_URL: {
    group: 'Mail',
    description:
      'Deliver the mail outbox over SMTP (`smtp://user:pass@host:587`) through the job queue (5 retries, each mail sent once across replicas); without it mail stays in the outbox table.',
  },
  MAIL_FROM: {
    group: 'Mail',
    default: '`Project Portal <portal@example.com>`',
    description: 'Sender of every e-mail.',
  },
  KM_EMAIL: {
    group: 'Mail',
    default: '`knowledge.management@example.com`',
    description: 'The Knowledge Management mailbox (told when a project closes).',
  },
  WEB_DIST: {
    group: 'Server',
    default: '`dist/web`',
    description: 'The built web app the server serves.',
  },
  LOG_LEVEL: { group: 'Telemetry', default: '`info`', description: 'pino log level.' },
  ESIGN_LINK_DAYS: {
    group: 'E-signature',
    default: '`30`',
    description: 'Days a built-in signing link stays valid (a Resend issues new links).',
  },
  DOCUSIGN_BASE_PATH: {
    group: 'E-signature',
    default: '`https://demo.docusign.net/restapi`',
    description: "DocuSign's eSignature REST base (production: your account's base URI).",
  },
  DOCUSIGN_OAUTH_HOST: {
    group: 'E-signature',
    default: '`account-d.docusign.com`',
    description: "DocuSign's OAuth host (production: `account.docusign.com`).",
  },
  TRUST_PROXY: {
    group: 'Server',
    default: '`false`',
    description:
      "Whose `X-Forwarded-For` gives the client address (rate limits, logs): `true`, a hop count, or the load balancer's addresses/CIDRs.",
  },
  MAX_CONCURRENT_REQUESTS: {
    group: 'Capacity and shutdown',
    default: '`16`',
    description: 'API requests one replica serves at once; more wait in a queue.',
  },
  MAX_QUEUED_REQUESTS: {
    group: 'Capacity and shutdown',
    default: '`64`',
    description: 'API requests waiting for a slot; beyond it 503 with `Retry-After` at once.',
  },
  MAX_QUEUE_WAIT_MS: {
    group: 'Capacity and shutdown',
    default: '`400`',
    description: 'The longest a request waits for a slot before 503 with `Retry-After`.',
  },
  MAX_EVENT_LOOP_DELAY_MS: {
    group: 'Capacity and shutdown',
    default: '`1000`',
    description: 'Event-loop delay beyond which new requests get 503 (`0` = off).',
  },
  RATE_LIMIT_SIGNIN_PER_MINUTE: {
    group: 'Capacity and shutdown',
    default: '`60`',
    description:
      'Sign-in exchanges and development identity provider calls per client address, minute and replica; then 429 with `Retry-After`.',
  },
  RATE_LIMIT_PUBLIC_PER_MINUTE: {
    group: 'Capacity and shutdown',
    default: '`120`',
    description:
      'Calls of the public signing page, its API and the DocuSign Connect webhook per client address, minute and replica.',
  },
  SHUTDOWN_TIMEOUT_MS: {
    group: 'Capacity and shutdown',
    default: '`15000`',
    description:
      'On SIGTERM, how long requests in flight and running jobs may take before the process exits.',
  },
  PORTAL_TIME_ZONE: {
    group: 'Server',
    default: '`America/Sao_Paulo`',
    description:
      "The offices' time zone (IANA) for the one-page reminders, where an office has none of its own.",
  },
  TEAMS_APP_ID: {
    group: 'Teams',
    description:
      'The Teams app\'s id (`appPackage/manifest.json` "id"): deep links in notifications, activity notifications.',
  },
  GRAPH_CLIENT_SECRET: {
    group: 'Teams',
    description:
      'Turns on Teams activity-feed notifications: the client secret of the Entra app whose app-only token calls Microsoft Graph; needs `TEAMS_APP_ID`.',
  },
  GRAPH_TENANT_ID: {
    group: 'Teams',
    default: '`AUTH_TENANT_ID`',
    description:
      'The tenant of a separate Entra app for Graph (keeps the application permission off the sign-in app).',
  },
  GRAPH_CLIENT_ID: {
    group: 'Teams',
    default: '`AUTH_CLIENT_ID`',
    description: 'The client id of a separate Entra app for Graph.',
  },
  GRAPH_BASE_URL: {
    group: 'Teams',
    default: '`https://graph.microsoft.com/v1.0`',
    description: 'Where Microsoft Graph is (national clouds, test fakes).',
  },
  AUTH_AUTHORITY_HOST: {
    group: 'Teams',
    default: '`https://login.microsoftonline.com`',
    description: "Where the Graph app's token endpoint is (national clouds, test fakes).",
  },
  BOT_ID: {
    group: 'Teams',
    description:
      'The bot registration\'s app id: turns on `POST /api/messages` (link unfurling, "Find a project"); Bot Framework tokens must carry it as audience.',
  },
  BOT_TENANT_ID: {
    group: 'Teams',
    default: '`AUTH_TENANT_ID`',
    description: "Only this tenant's Teams users are answered by the bot.",
  },
  BOT_OPENID_METADATA_URL: {
    group: 'Teams',
    default: "Bot Framework's (`https://login.botframework.com/v1/.well-known/openidconfiguration`)",
    description: "Where the bot's token keys are published (tests serve their own).",
  },
  BOT_ISSUER: {
    group: 'Teams',
    default: '`https://api.botframework.com`',
    description: "The issuer of the bot's tokens.",
  },
  BOT_PLAYGROUND: {
    group: 'Teams',
    default: '`false`',
    description:
      "`true` (a loopback `HOST` with the development identity provider only; refused elsewhere): the bot also answers the Microsoft 365 Agents Playground's tokenless activities (`npm run dev:teams`).",
  },
  OTEL_SERVICE_NAME: {
    group: 'Telemetry',
    default: '`project-portal`',
    description: "Service name on traces and metrics (Application Insights' cloud role name).",
  },
  APPLICATIONINSIGHTS_CONNECTION_STRING: {
    group: 'Telemetry',
    description:
      'Export traces and metrics to Azure Monitor / Application Insights (5 traces/s per replica by default).',
  },
  OTEL_EXPORTER_OTLP_ENDPOINT: {
    group: 'Telemetry',
    description:
      'Export traces and metrics over OTLP/HTTP to `<endpoint>/v1/traces` and `/v1/metrics` (metrics every 60 s).',
  },
};

/** Variables read outside EnvSchema: DocuSign's set (all four or none) and OpenTelemetry's standard ones. */
export const ENV_DOCS_OUTSIDE_SCHEMA: Record<string, EnvDoc & { expects: string }> = {
  DOCUSIGN_ACCOUNT_ID: {
    group: 'E-signature',
    expects: 'text (set with the other three)',
    description:
      'With `DOCUSIGN_INTEGRATION_KEY`, `DOCUSIGN_USER_ID` and `DOCUSIGN_PRIVATE_KEY`: signatures go through DocuSign (JWT grant) instead of the built-in signing pages.',
  },
  DOCUSIGN_INTEGRATION_KEY: {
    group: 'E-signature',
    expects: 'text (set with the other three)',
    description: "The DocuSign app's integration key (OAuth client id).",
  },
  DOCUSIGN_USER_ID: {
    group: 'E-signature',
    expects: 'text (set with the other three)',
    description: 'The GUID of the DocuSign user the app acts for (consent given once).',
  },
  DOCUSIGN_PRIVATE_KEY: {
    group: 'E-signature',
    expects: 'PEM text or a path to a .pem file',
    description: "The DocuSign app's RSA private key.",
  },
  DOCUSIGN_CONNECT_HMAC_KEY: {
    group: 'E-signature',
    expects: 'text',
    description:
      'The Connect HMAC key: `POST /api/esign/docusign/connect` refuses (401) every call without a valid `X-DocuSign-Signature-n`.',
  },
  OTEL_EXPORTER_OTLP_HEADERS: {
    group: 'Telemetry',
    expects: 'OpenTelemetry header list',
    description: 'Credentials for the OTLP collector (read by the OpenTelemetry SDK).',
  },
  OTEL_TRACES_SAMPLER: {
    group: 'Telemetry',
    expects: 'an OpenTelemetry sampler name',
    default: 'every trace (OTLP) / 5 per s (Azure)',
    description: 'Standard OpenTelemetry sampling, honoured by both exporters.',
  },
  OTEL_TRACES_SAMPLER_ARG: {
    group: 'Telemetry',
    expects: "the sampler's argument",
    description: "The sampler's argument (e.g. a ratio).",
  },
};
