import type { Activity } from '@microsoft/agents-activity';
import { z } from 'zod';
import { RULES, type RuleUser } from '@domain/rules';
import { buildDeepLink, portalPathFrom, projectIdFromPath } from '@domain/rules/deep-link';
import type { Config } from '../../config';
import type { DB } from '../../db';
import { parseBody } from '../../http';
import { weekStart } from '../../platform/dates';
import { parseId } from '../../platform/params';
import { normalise } from '../../platform/search-pattern';
import {
  projectAttachment,
  resultOf,
  type MessagingExtensionResponse,
  type ProjectCardData,
  type ProjectCardLinks,
} from './card';
import * as repo from './repo';

/**
 * The message extension: pasted portal links unfurl into the project's card, and the search
 * command "Find a project" lists projects. The reader is the Teams user (`from.aadObjectId`) mapped to a
 * professional by the Entra object id recorded at sign-in; an active professional sees what RULES.projectRead
 * lets them read (every project today), anyone else — unknown, inactive, or the anonymous zero-install unfurl —
 * the project's code and name only. In playground mode (BOT_PLAYGROUND, development only) a Teams user with no
 * recorded object id is the professional whose login is the user's id (`from.id`): the Microsoft 365 Agents
 * Playground's users are DEMO people, as the development identity provider's are.
 */

export interface BotDeps {
  db: DB;
  config: Pick<Config, 'publicUrl' | 'teams'>;
  /** The clock ("this week"); tests fix it. */
  now?: () => Date;
}

/** The search command of appPackage/manifest.json and its parameter. */
export const FIND_PROJECT_COMMAND = 'findProject';
export const QUERY_PARAMETER = 'query';
/** Results of one search at most (Teams asks for 25). */
export const MAX_RESULTS = 10;
/** Words of a search used at most, and its length. */
const MAX_WORDS = 10;
const MAX_QUERY_LENGTH = 200;
const TEAMS_HOSTS = new Set(['teams.microsoft.com', 'teams.cloud.microsoft']);

function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text.trim());
  } catch {
    return undefined;
  }
}

/** A project id of a link: a positive PostgreSQL integer (a longer number is no project's). */
const validId = parseId;

/** The project of a portal URL (`<PUBLIC_URL>/project/<id>/…`, any sub-page), if it is one. */
function projectOfPortalUrl(url: URL | undefined, portal: URL): number | undefined {
  if (!url || url.origin.toLowerCase() !== portal.origin.toLowerCase()) return undefined;
  const base = portal.pathname.replace(/\/+$/, '');
  if (base && !url.pathname.toLowerCase().startsWith(`${base.toLowerCase()}/`)) return undefined;
  return validId(projectIdFromPath(url.pathname.slice(base.length)));
}

/**
 * The project a pasted link names: a portal link to a project page, or a Teams deep link into the portal's
 * personal tab (`buildDeepLink`) — the path of its `context.subEntityId` when the link is for our Teams app
 * (TEAMS_APP_ID), else its `webUrl` when that is a portal link. Anything else: undefined.
 */
export function projectIdFromLink(
  link: string,
  opts: { publicUrl: string; teamsAppId: string | undefined },
): number | undefined {
  const url = parseUrl(link);
  if (!url) return undefined;
  const portal = new URL(opts.publicUrl);
  const direct = projectOfPortalUrl(url, portal);
  if (direct !== undefined || url.protocol !== 'https:' || !TEAMS_HOSTS.has(url.hostname.toLowerCase()))
    return direct;
  const m = /^\/l\/entity\/([^/]+)\/[^/]+\/?$/.exec(url.pathname);
  if (!m) return undefined;
  const web = url.searchParams.get('webUrl');
  const fromWebUrl = web ? projectOfPortalUrl(parseUrl(web), portal) : undefined;
  let appId: string;
  try {
    appId = decodeURIComponent(m[1]!);
  } catch {
    return undefined;
  }
  if (!opts.teamsAppId || appId.toLowerCase() !== opts.teamsAppId.toLowerCase()) return fromWebUrl;
  let subEntityId: unknown;
  try {
    subEntityId = (JSON.parse(url.searchParams.get('context') ?? 'null') as { subEntityId?: unknown } | null)
      ?.subEntityId;
  } catch {
    subEntityId = undefined;
  }
  const path = portalPathFrom(typeof subEntityId === 'string' ? subEntityId : undefined);
  return (path ? validId(projectIdFromPath(path)) : undefined) ?? fromWebUrl;
}

/** Who pastes or searches: the Teams user's Entra object id and, in playground mode only, a DEMO login. */
export interface TeamsCaller {
  aadObjectId: string | undefined;
  /** The playground's user id read as a portal login (set only when config.teams.bot.playground). */
  login?: string | undefined;
}

/** The login a playground user's id names (`marcos.manager` or `marcos.manager@example.com`, as the dev IdP's login_hint). */
const loginOf = (userId: string | undefined) => userId?.trim().toLowerCase().split('@')[0] || undefined;

/** The reader as the permission rules know them: an active professional, else undefined (minimal cards). */
async function readerOf(db: DB, who: TeamsCaller): Promise<RuleUser | undefined> {
  const caller =
    (who.aadObjectId ? await repo.findCaller(db, who.aadObjectId) : undefined) ??
    (who.login ? await repo.findCallerByLogin(db, who.login) : undefined);
  return caller?.isActive ? { professionalId: caller.id, scopes: caller.scopes } : undefined;
}

/** The project's portal page and its Teams deep link (the project home). */
function linksOf(config: BotDeps['config'], projectId: number): ProjectCardLinks {
  const path = `/project/${projectId}/home`;
  return {
    browser: `${config.publicUrl}${path}`,
    teams: config.teams.appId
      ? buildDeepLink({ origin: config.publicUrl, path, teamsAppId: config.teams.appId })
      : undefined,
  };
}

/** A row as card data: the details only when the reader may read the project (RULES.projectRead). */
function cardOf(row: repo.CardRow, reader: RuleUser | undefined): ProjectCardData {
  const minimal = { code: row.code, name: row.name };
  if (!reader || row.idStatus === null || row.idStatus === undefined) return minimal;
  const team = (row.team ?? []).map(([idProfessional, isManager, isPartner, isOnePageAllow, name]) => ({
    idProfessional,
    isManager,
    isPartner,
    isOnePageAllow,
    name,
  }));
  const access = { user: reader, project: { id: row.id, idStatus: row.idStatus }, team };
  if (!RULES.projectRead.allows(access)) return minimal;
  return {
    ...minimal,
    details: {
      client: row.clientName,
      idStatus: row.idStatus,
      managers: team.filter((t) => t.isManager).map((t) => t.name),
      partners: team.filter((t) => t.isPartner).map((t) => t.name),
      onePage: row.hasOnePage
        ? { submitted: !!row.onePageSubmitted, problemLevel: row.onePageProblemLevel }
        : null,
      weeklyStatus: row.hasWeeklyStatus ? { signedStatus: row.weeklySignedStatus } : null,
    },
  };
}

async function answer(
  deps: BotDeps,
  reader: RuleUser | undefined,
  filter: repo.CardFilter,
  window: { take: number; skip: number },
): Promise<MessagingExtensionResponse> {
  const rows = await repo.projectCardRows(deps.db, filter, {
    full: reader !== undefined,
    monday: weekStart(deps.now?.() ?? new Date()),
    ...window,
  });
  return resultOf(rows.map((r) => projectAttachment(cardOf(r, reader), linksOf(deps.config, r.id))));
}

/** Link unfurling: the card of the project the link names, or no result (Teams then shows nothing). */
export async function unfurl(
  deps: BotDeps,
  input: { url: string; caller: TeamsCaller },
): Promise<MessagingExtensionResponse> {
  const projectId = projectIdFromLink(input.url, {
    publicUrl: deps.config.publicUrl,
    teamsAppId: deps.config.teams.appId,
  });
  if (projectId === undefined) return resultOf([]);
  const reader = await readerOf(deps.db, input.caller);
  return answer(deps, reader, { ids: [projectId] }, { take: 1, skip: 0 });
}

/**
 * "Find a project": every word of the text (case and accents ignored) in the code, name or client; an empty
 * text (the command's initial run) lists the caller's projects first, then the most recently changed. A pasted
 * project link finds that project. At most {@link MAX_RESULTS}.
 */
export async function findProjects(
  deps: BotDeps,
  input: { text: string; skip: number; count: number; caller: TeamsCaller },
): Promise<MessagingExtensionResponse> {
  const reader = await readerOf(deps.db, input.caller);
  const take = Math.min(MAX_RESULTS, Math.max(0, input.count));
  if (take === 0) return resultOf([]);
  const text = input.text.slice(0, MAX_QUERY_LENGTH);
  const linked = projectIdFromLink(text, {
    publicUrl: deps.config.publicUrl,
    teamsAppId: deps.config.teams.appId,
  });
  if (linked !== undefined)
    return input.skip > 0 ? resultOf([]) : answer(deps, reader, { ids: [linked] }, { take: 1, skip: 0 });
  const words = normalise(text).split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  return answer(deps, reader, { words, callerId: reader?.professionalId }, { take, skip: input.skip });
}

// ---- the invokes as Teams sends them ----

const QueryLinkValue = z.looseObject({ url: z.string().min(1).max(4000) });
const QueryValue = z.looseObject({
  commandId: z.string().max(200),
  parameters: z
    .array(z.looseObject({ name: z.string().max(200), value: z.unknown() }))
    .max(20)
    .optional(),
  queryOptions: z
    .looseObject({
      skip: z.number().int().min(0).max(10_000).optional(),
      count: z.number().int().min(0).max(1000).optional(),
    })
    .optional(),
});

/** The message-extension invokes the bot answers, by invoke name (the SDK dispatches them: adapters/bot/runtime.ts). */
export function invokeHandlers(
  deps: BotDeps,
): Record<string, (activity: Activity) => Promise<MessagingExtensionResponse>> {
  const playground = deps.config.teams.bot?.playground === true;
  const callerOf = (activity: Activity): TeamsCaller => ({
    aadObjectId: activity.from?.aadObjectId,
    login: playground ? loginOf(activity.from?.id) : undefined,
  });
  return {
    'composeExtension/queryLink': (activity) => {
      const value = parseBody(QueryLinkValue, activity.value, 'Invalid composeExtension/queryLink value');
      return unfurl(deps, { url: value.url, caller: callerOf(activity) });
    },
    // zero install: Teams names no user (and the card is the minimal one whatever the payload says)
    'composeExtension/anonymousQueryLink': (activity) => {
      const value = parseBody(
        QueryLinkValue,
        activity.value,
        'Invalid composeExtension/anonymousQueryLink value',
      );
      return unfurl(deps, { url: value.url, caller: { aadObjectId: undefined } });
    },
    'composeExtension/query': async (activity) => {
      const value = parseBody(QueryValue, activity.value, 'Invalid composeExtension/query value');
      if (value.commandId !== FIND_PROJECT_COMMAND) return resultOf([]);
      const query = value.parameters?.find((p) => p.name === QUERY_PARAMETER)?.value;
      return findProjects(deps, {
        text: typeof query === 'string' ? query : '',
        skip: value.queryOptions?.skip ?? 0,
        count: value.queryOptions?.count ?? MAX_RESULTS,
        caller: callerOf(activity),
      });
    },
  };
}
