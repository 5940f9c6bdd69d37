import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkEndorsement,
  checkServiceUrl,
  createBotTokenVerifier,
  type BotIdentity,
} from '../../adapters/bot/token';
import type { BotRuntime } from '../../adapters/bot/runtime';
import { httpError } from '../../http';
import { sendError } from '../../platform/errors';
import { invokeHandlers } from './service';

const tags = ['teams'];
export const NOT_CONFIGURED = 'The bot is not configured';

const ChannelAccount = z.looseObject({
  id: z.string().min(1).max(1000),
  name: z.string().max(1000).optional(),
  aadObjectId: z.string().min(1).max(100).optional(),
});

/**
 * The activity envelope as the Bot Framework sends it (the fields the endpoint relies on; every other field
 * goes to the SDK as it came, which validates its own).
 */
export const BotActivityBody = z.looseObject({
  type: z.string().min(1).max(100),
  name: z.string().min(1).max(200).optional(),
  channelId: z.string().min(1).max(100),
  serviceUrl: z.string().min(1).max(2000).optional(),
  from: ChannelAccount,
  recipient: ChannelAccount,
  conversation: z.looseObject({
    id: z.string().min(1).max(1000),
    tenantId: z.string().min(1).max(100).optional(),
  }),
  channelData: z
    .looseObject({ tenant: z.looseObject({ id: z.string().min(1).max(100) }).optional() })
    .optional(),
  value: z.unknown().optional(),
});
type BotActivity = z.infer<typeof BotActivityBody>;

/** With BOT_TENANT_ID (default AUTH_TENANT_ID): the activity must name that tenant, and no other. */
function checkTenant(expected: string | undefined, activity: BotActivity) {
  if (!expected) return;
  const named = [activity.conversation.tenantId, activity.channelData?.tenant?.id].filter(
    (t): t is string => !!t,
  );
  if (named.length === 0)
    throw httpError(401, 'The activity names no tenant: this bot answers its own tenant only');
  if (named.some((t) => t.toLowerCase() !== expected.toLowerCase()))
    throw httpError(401, "The activity comes from another tenant than the bot's");
}

/** The header the Microsoft 365 Agents Playground puts on every activity it sends. */
const PLAYGROUND_HEADER = 'x-ms-agents-playground';

/**
 * A playground activity: no Authorization header and the playground's header. Answered without a token only in
 * playground mode (BOT_PLAYGROUND: a loopback server with the development identity provider, checked at start);
 * anywhere else the header changes nothing and the token is required.
 */
function isPlaygroundRequest(request: FastifyRequest): boolean {
  const marker = request.headers[PLAYGROUND_HEADER];
  return request.headers.authorization === undefined && marker === 'true';
}

/** The SDK's own validation failures (its zod 3 errors) are the caller's bad body. */
function isSdkValidationError(
  error: unknown,
): error is Error & { issues?: { path?: unknown[]; message?: string }[] } {
  return error instanceof Error && error.name === 'ZodError';
}

/**
 * POST /api/messages: the bot endpoint of the Teams app's message extension (appPackage/manifest.json
 * `composeExtensions`, botId BOT_ID). Public at the portal level: its credential is the Bot Framework JWT,
 * verified before anything else (adapters/bot/token.ts: 401 with the reason); then the body (400), the
 * tenant, the key's channel endorsement and the service URL (401); then the Agents SDK runs the activity
 * (adapters/bot/runtime.ts) and its invoke answer is the HTTP response. Without BOT_ID: 404. In playground mode
 * (BOT_PLAYGROUND, development only) an activity of the Microsoft 365 Agents Playground — no token, its header —
 * skips the token and the checks that need one (endorsement, service URL); the tenant check stays.
 */
export default async function botRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bot = app.config.teams.bot;
  const verifier = bot ? createBotTokenVerifier(bot) : undefined;
  const identities = new WeakMap<FastifyRequest, BotIdentity>();
  /** Requests let in as playground activities (no identity: nothing was verified). */
  const playgroundRequests = new WeakSet<FastifyRequest>();
  if (bot?.playground)
    app.log.warn(
      'BOT_PLAYGROUND: the bot answers activities of the Microsoft 365 Agents Playground without a Bot Framework token (development only)',
    );

  // the SDK is loaded on the first request (it takes ~0.4 s to import; servers without BOT_ID never load it)
  let runtime: Promise<BotRuntime> | undefined;
  const loadRuntime = (b: NonNullable<typeof bot>) => {
    if (!runtime) {
      runtime = import('../../adapters/bot/runtime').then((m) =>
        m.createBotRuntime({
          appId: b.appId,
          tenantId: b.tenantId,
          invokes: invokeHandlers({ db: app.db, config: app.config }),
        }),
      );
      runtime.catch(() => (runtime = undefined));
    }
    return runtime;
  };

  app.post(
    '/api/messages',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Bot Framework activities of the Teams message extension (link unfurling, Find a project)',
        security: [{ bearer: [] }],
        body: BotActivityBody,
      },
      // the token first, before the body is parsed: without a valid one nothing else is looked at
      onRequest: async (request) => {
        if (!verifier) throw httpError(404, NOT_CONFIGURED);
        if (bot?.playground && isPlaygroundRequest(request)) {
          playgroundRequests.add(request);
          return;
        }
        identities.set(request, await verifier.verify(request.headers.authorization));
      },
    },
    async (request, reply) => {
      const identity = identities.get(request);
      if (!identity && !playgroundRequests.has(request))
        throw httpError(401, 'The activity was not verified');
      const activity = request.body;
      checkTenant(bot!.tenantId, activity);
      if (identity) {
        checkEndorsement(identity, activity.channelId);
        checkServiceUrl(identity, activity.serviceUrl);
      }
      let answer: { status: number; body: unknown };
      try {
        // a playground activity has no claims: the SDK treats it as anonymous (it sends nothing outbound either way)
        answer = await (
          await loadRuntime(bot!)
        ).process({ activity, headers: request.headers, claims: identity?.claims ?? {} });
      } catch (error) {
        if (isSdkValidationError(error)) {
          const issue = error.issues?.[0];
          const where = issue?.path?.length ? `${issue.path.join('.')}: ` : '';
          throw httpError(400, `Invalid activity: ${where}${issue?.message ?? error.message}`);
        }
        throw error;
      }
      if (answer.status >= 400 && answer.body === undefined)
        return sendError(
          reply,
          answer.status,
          answer.status === 501
            ? `The bot does not answer ${activity.type} ${activity.name ?? ''}`.trim()
            : 'Invalid activity',
        );
      reply.code(answer.status);
      return answer.body === undefined ? reply.send() : reply.send(answer.body);
    },
  );
}
