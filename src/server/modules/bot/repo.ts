import { sql, type RawBuilder } from 'kysely';
import type { DB } from '../../db';
import { wordPattern } from '../../platform/search-pattern';

/** The professional a Teams user is (the Entra object id recorded at sign-in; index on lower(entra_object_id)). */
export const findCaller = (db: DB, objectId: string) =>
  db
    .selectFrom('professionals')
    .select(['id', 'scopes', 'isActive'])
    .where(sql<string>`lower(entra_object_id)`, '=', objectId.toLowerCase())
    .executeTakeFirst();

/** The professional of a portal login (playground mode only: its Teams users are DEMO people by login). */
export const findCallerByLogin = (db: DB, login: string) =>
  db
    .selectFrom('professionals')
    .select(['id', 'scopes', 'isActive'])
    .where('login', '=', login)
    .executeTakeFirst();

/** Which projects: by id (a link), or by search words (code, name or client, every word somewhere). */
export type CardFilter =
  | { ids: number[] }
  | {
      /** Normalised words, each a substring of the project's code, name or client name. */
      words: string[];
      /** The caller's projects first (a mapped professional). */
      callerId: number | undefined;
    };

export interface CardQuery {
  /** With the details of the full card (team, client, status, this week's one-page, latest weekly status). */
  full: boolean;
  /** Monday (YYYY-MM-DD) of this week: "this week's one-page" starts on or after it. */
  monday: string;
  take: number;
  skip: number;
}

/** A row of {@link projectCardRows}; the detail columns are null without `full`. */
export interface CardRow {
  id: number;
  code: string;
  name: string;
  idStatus: number | null;
  clientName: string | null;
  /** [professional id, is manager, is partner, is one-page allowed, name], by name. */
  team: [number, boolean, boolean, boolean, string][] | null;
  hasOnePage: boolean | null;
  onePageSubmitted: boolean | null;
  onePageProblemLevel: number | null;
  hasWeeklyStatus: boolean | null;
  weeklySignedStatus: string | null;
}

/**
 * The cards' rows in one statement: the projects of the filter, ordered (a search: exact code first, then the
 * caller's projects, then codes starting with the text, then the most recently changed), cut to the window,
 * and — for full cards — only the window's rows get their team (project_team's (project_id, professional_id)
 * key), this week's one-page (one_pages_project_idx) and newest weekly status (weekly_statuses_project_idx).
 */
export async function projectCardRows(db: DB, filter: CardFilter, q: CardQuery): Promise<CardRow[]> {
  let where: RawBuilder<unknown>;
  let order: RawBuilder<unknown>;
  if ('ids' in filter) {
    where = sql`p.id = any(${filter.ids}::int[])`;
    order = sql`p.id`;
  } else {
    // the raw text searched: code, name and client (every word in one of them, or across their joins)
    const hay = sql`(p.code || ' ' || p.name || ' ' || coalesce(c.name, ''))`;
    where = filter.words.length
      ? sql.join(
          filter.words.map((w) => sql`${hay} ~ ${wordPattern(w)}`),
          sql` and `,
        )
      : sql`true`;
    const phrase = wordPattern(filter.words.join(' '));
    const keys = [
      filter.words.length ? sql`(p.code ~ ${`^${phrase}$`}) desc` : undefined,
      filter.callerId === undefined
        ? undefined
        : sql`(p.id in (select t.project_id from project_team t where t.professional_id = ${filter.callerId})) desc`,
      filter.words.length ? sql`(p.code ~ ${`^${phrase}`}) desc` : undefined,
      sql`p.updated_at desc, p.id desc`,
    ];
    order = sql.join(
      keys.filter((k) => k !== undefined),
      sql`, `,
    );
  }
  const details = q.full
    ? sql`,
        p.id_status, c.name as client_name,
        (select coalesce(json_agg(json_build_array(t.professional_id, t.is_manager, t.is_partner, t.is_one_page_allow, pr.name)
                                  order by pr.name, pr.id), '[]'::json)
           from project_team t join professionals pr on pr.id = t.professional_id
          where t.project_id = p.id) as team,
        op.id is not null as has_one_page,
        op.submitted_at is not null as one_page_submitted,
        op.one_page_problem_level,
        ws.id is not null as has_weekly_status,
        ws.signed_status as weekly_signed_status`
    : sql``;
  const joins = q.full
    ? sql`
      left join clients c on c.id = p.client_id
      left join lateral (
        select o.id, o.submitted_at, o.one_page_problem_level from one_pages o
         where o.project_id = p.id and o.initial_date >= ${q.monday}::date
         order by o.initial_date desc, o.id desc limit 1
      ) op on true
      left join lateral (
        select w.id, w.signed_status from weekly_statuses w
         where w.project_id = p.id
         order by w.created_at desc, w.id desc limit 1
      ) ws on true`
    : sql``;
  const { rows } = await sql<CardRow>`
    with hits as (
      select p.id, row_number() over (order by ${order}) as ord
      from projects p
      left join clients c on c.id = p.client_id
      where ${where}
      order by ${order}
      limit ${q.take} offset ${q.skip}
    )
    select p.id, p.code, p.name ${details}
    from hits h
    join projects p on p.id = h.id
    ${joins}
    order by h.ord`.execute(db);
  return rows;
}
