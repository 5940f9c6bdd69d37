import { PROBLEM_LEVEL, PROJECT_STATUS, type StatusColour } from '@domain/constants';
import { signedStatusDisplay } from '@domain/rules';

/**
 * The project card of the message extension (link unfurling and "Find a project"): one builder, an Adaptive
 * Card 1.5 written as typed JSON (only the elements it uses), with a thumbnail preview. A reader who may see the
 * project gets its client, status, manager(s), partner(s), this week's one-page and the latest weekly status,
 * with the portal's colours; anyone else its code and name only, with the browser link (the portal asks them
 * to sign in).
 */

// ---- the Adaptive Card schema, as far as the card uses it (https://adaptivecards.io/explorer) ----

export const ADAPTIVE_CARD_VERSION = '1.5';
export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';
export const THUMBNAIL_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.thumbnail';

export type CardColor = 'Default' | 'Dark' | 'Light' | 'Accent' | 'Good' | 'Warning' | 'Attention';

export interface TextBlock {
  type: 'TextBlock';
  text: string;
  wrap?: boolean;
  size?: 'Small' | 'Default' | 'Medium' | 'Large' | 'ExtraLarge';
  weight?: 'Lighter' | 'Default' | 'Bolder';
  color?: CardColor;
  isSubtle?: boolean;
  spacing?: 'None' | 'Small' | 'Default' | 'Medium' | 'Large';
}
export interface Column {
  type: 'Column';
  /** 'auto', 'stretch' or a relative weight. */
  width: 'auto' | 'stretch' | number;
  items: CardElement[];
}
export interface ColumnSet {
  type: 'ColumnSet';
  columns: Column[];
  spacing?: TextBlock['spacing'];
}
export type CardElement = TextBlock | ColumnSet;
export interface OpenUrlAction {
  type: 'Action.OpenUrl';
  title: string;
  url: string;
}
export interface AdaptiveCard {
  type: 'AdaptiveCard';
  $schema: 'http://adaptivecards.io/schemas/adaptive-card.json';
  version: typeof ADAPTIVE_CARD_VERSION;
  body: CardElement[];
  actions: OpenUrlAction[];
  /** Shown by clients that cannot render the card. */
  fallbackText: string;
}
/** The preview of a result (the list item in the message extension, the compose box's chip). */
export interface ThumbnailCard {
  title: string;
  subtitle?: string;
}
export interface MessagingExtensionAttachment {
  contentType: typeof ADAPTIVE_CARD_CONTENT_TYPE;
  content: AdaptiveCard;
  preview: { contentType: typeof THUMBNAIL_CARD_CONTENT_TYPE; content: ThumbnailCard };
}
/** The invoke answer of composeExtension/queryLink, /anonymousQueryLink and /query. */
export interface MessagingExtensionResponse {
  composeExtension: {
    type: 'result';
    attachmentLayout: 'list';
    attachments: MessagingExtensionAttachment[];
  };
}

// ---- what a card shows ----

/** The details a reader who may see the project gets. */
export interface ProjectDetails {
  client: string | null;
  idStatus: number;
  managers: string[];
  partners: string[];
  /** This week's one-page (the newest starting on or after Monday): submitted, and its problem level. */
  onePage: { submitted: boolean; problemLevel: number | null } | null;
  /** The newest weekly status's signed status (null: the project has none). */
  weeklyStatus: { signedStatus: string | null } | null;
}

export interface ProjectCardData {
  code: string;
  name: string;
  /** Absent: the minimal card (code and name). */
  details?: ProjectDetails;
}

export interface ProjectCardLinks {
  /** The portal page in the browser. */
  browser: string;
  /** The Teams deep link (absent without TEAMS_APP_ID: the card then offers the browser link only). */
  teams?: string;
}

/** The portal's status colours as Adaptive Card text colours (grey: the default colour, subtle). */
const CARD_COLOUR: Record<StatusColour, CardColor> = {
  green: 'Good',
  yellow: 'Warning',
  red: 'Attention',
  blue: 'Accent',
  grey: 'Default',
};

/** One "label: value" line of the card, the value coloured. */
function row(label: string, value: string, colour?: StatusColour): ColumnSet {
  const text: TextBlock = { type: 'TextBlock', text: value, wrap: true };
  if (colour) {
    text.color = CARD_COLOUR[colour];
    if (colour === 'grey') text.isSubtle = true;
    text.weight = 'Bolder';
  }
  return {
    type: 'ColumnSet',
    spacing: 'Small',
    columns: [
      {
        type: 'Column',
        width: 2,
        items: [{ type: 'TextBlock', text: label, isSubtle: true, wrap: true }],
      },
      { type: 'Column', width: 3, items: [text] },
    ],
  };
}

const statusName = (idStatus: number) => PROJECT_STATUS[idStatus]?.name ?? `Status ${idStatus}`;
const names = (list: string[]) => (list.length ? list.join(', ') : '—');
const plural = (word: string, n: number) => (n > 1 ? `${word}s` : word);

/** This week's one-page as the grid shows it (002 §4): the problem level of a submitted one-page, else "Not Submitted". */
function onePageLine(onePage: ProjectDetails['onePage']): [string, StatusColour] {
  if (!onePage?.submitted) return [PROBLEM_LEVEL[0]!.label, PROBLEM_LEVEL[0]!.colour];
  const level = PROBLEM_LEVEL[onePage.problemLevel ?? 0];
  if (!level || onePage.problemLevel === 0) return ['Submitted', 'grey'];
  return [`Submitted · ${level.label}`, level.colour];
}

function weeklyStatusLine(ws: ProjectDetails['weeklyStatus']): [string, StatusColour] {
  if (!ws) return ['None yet', 'grey'];
  const shown = signedStatusDisplay(ws.signedStatus);
  return [shown.label, shown.color];
}

/** The card of one project (full with `details`, minimal without). */
export function projectCard(data: ProjectCardData, links: ProjectCardLinks): AdaptiveCard {
  const body: CardElement[] = [
    { type: 'TextBlock', text: data.code, size: 'Small', weight: 'Bolder', isSubtle: true },
    {
      type: 'TextBlock',
      text: data.name,
      size: 'Medium',
      weight: 'Bolder',
      wrap: true,
      spacing: 'None',
    },
  ];
  const actions: OpenUrlAction[] = [];
  const d = data.details;
  if (d) {
    const [onePage, onePageColour] = onePageLine(d.onePage);
    const [weekly, weeklyColour] = weeklyStatusLine(d.weeklyStatus);
    body.push(
      row('Client', d.client ?? '—'),
      row('Status', statusName(d.idStatus), PROJECT_STATUS[d.idStatus]?.colour ?? 'grey'),
      row(plural('Manager', d.managers.length), names(d.managers)),
      row(plural('Partner', d.partners.length), names(d.partners)),
      row("This week's one-page", onePage, onePageColour),
      row('Weekly status', weekly, weeklyColour),
    );
    if (links.teams) actions.push({ type: 'Action.OpenUrl', title: 'Open in Teams', url: links.teams });
  }
  actions.push({ type: 'Action.OpenUrl', title: 'Open in browser', url: links.browser });
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: ADAPTIVE_CARD_VERSION,
    body,
    actions,
    fallbackText: `${data.code} — ${data.name}: ${links.browser}`,
  };
}

/** The preview: "CODE — Name", and "client · status" for a reader who may see the project. */
export function projectPreview(data: ProjectCardData): ThumbnailCard {
  const title = `${data.code} — ${data.name}`;
  if (!data.details) return { title };
  const subtitle = [data.details.client, statusName(data.details.idStatus)].filter(Boolean).join(' · ');
  return { title, subtitle };
}

/** One result: the card with its preview. */
export function projectAttachment(
  data: ProjectCardData,
  links: ProjectCardLinks,
): MessagingExtensionAttachment {
  return {
    contentType: ADAPTIVE_CARD_CONTENT_TYPE,
    content: projectCard(data, links),
    preview: { contentType: THUMBNAIL_CARD_CONTENT_TYPE, content: projectPreview(data) },
  };
}

/** The answer with these results (none: Teams shows nothing, e.g. a link that is not a portal project's). */
export function resultOf(attachments: MessagingExtensionAttachment[]): MessagingExtensionResponse {
  return { composeExtension: { type: 'result', attachmentLayout: 'list', attachments } };
}
