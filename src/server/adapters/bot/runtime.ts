import type { IncomingHttpHeaders } from 'node:http';
import type { Activity } from '@microsoft/agents-activity';
import {
  ActivityHandler,
  CloudAdapter,
  type InvokeResponse,
  type TurnContext,
  type WebResponse,
} from '@microsoft/agents-hosting';
import type { JWTPayload } from 'jose';

/**
 * The Microsoft 365 Agents SDK behind `POST /api/messages` (loaded only when BOT_ID is set: the SDK costs
 * ~0.4 s to import). The route verifies the Bot Framework token itself (./token.ts) and hands the parsed activity
 * and the verified claims to `CloudAdapter.process`, which builds the turn and runs the agent (an
 * `ActivityHandler`); invoke answers are collected from the turn (the SDK's INVOKE_RESPONSE) and returned to the
 * route, which sends them as the HTTP response. Nothing is sent outbound: the bot answers invokes only, so the
 * adapter never creates a Bot Connector client (that would request an Entra ID token for BOT_ID).
 *
 * The Teams extension package (`@microsoft/agents-hosting-extensions-teams`, with its `messageExtensions`
 * routes) is deprecated and its successor is not published: message-extension invokes are dispatched here by
 * name through the core handler's `onInvokeActivity`.
 */

/** The answer body of one invoke (sent with status 200). */
export type InvokeHandler = (activity: Activity) => Promise<unknown>;

export interface BotRuntime {
  /** Runs one activity through the SDK; the status and body to answer with (body undefined: none). */
  process(input: {
    activity: Record<string, unknown>;
    headers: IncomingHttpHeaders;
    claims: JWTPayload;
  }): Promise<{ status: number; body: unknown }>;
}

/** The CloudAdapter without outbound clients: invoke answers travel in the HTTP response. */
class InvokeOnlyAdapter extends CloudAdapter {
  protected override resolveIfConnectorClientIsNeeded(): boolean {
    return false;
  }
}

/** The agent: message-extension invokes by name; every other activity (messages, installs…) is acknowledged. */
class MessageExtensionAgent extends ActivityHandler {
  constructor(private readonly invokes: ReadonlyMap<string, InvokeHandler>) {
    super();
  }

  protected override async onInvokeActivity(context: TurnContext): Promise<InvokeResponse> {
    const handler = context.activity.name ? this.invokes.get(context.activity.name) : undefined;
    // other invokes go to the SDK's own handling, which answers HTTP 501 for those it has no handler for (tested)
    if (!handler) return super.onInvokeActivity(context);
    return { status: 200, body: await handler(context.activity) };
  }
}

/** What the SDK's `process` writes, kept for the route to send (the WebResponse the SDK expects). */
class CollectedResponse implements WebResponse {
  statusCode = 200;
  body: unknown = undefined;
  headersSent = false;
  writableEnded = false;

  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader() {
    return this;
  }
  send(body?: unknown) {
    this.body = body;
    return this;
  }
  end() {
    this.writableEnded = true;
    return this;
  }
}

export function createBotRuntime(opts: {
  appId: string;
  tenantId: string | undefined;
  invokes: Record<string, InvokeHandler>;
}): BotRuntime {
  const adapter = new InvokeOnlyAdapter({ clientId: opts.appId, tenantId: opts.tenantId });
  // the SDK's default reports a failed turn by sending messages into the conversation (outbound): the error goes
  // up to the route instead, which answers it in the portal's error shape (400 for HttpErrors, 500 otherwise)
  adapter.onTurnError = async (_context, error) => {
    throw error;
  };
  const agent = new MessageExtensionAgent(new Map(Object.entries(opts.invokes)));
  return {
    async process({ activity, headers, claims }) {
      const res = new CollectedResponse();
      await adapter.process({ body: activity, headers, method: 'POST', user: claims }, res, (context) =>
        agent.run(context),
      );
      return { status: res.statusCode, body: res.body };
    },
  };
}
