/**
 * The events the portal notifies people of: each reaches a person by e-mail, in the Teams activity
 * feed, both (the default) or not at all — the person's choice on the "Notifications" page. The activity
 * types here are appPackage/manifest.json's `activities.activityTypes` (a test keeps the two equal).
 */
export const NOTIFICATION_EVENTS = [
  'onePageDue',
  'weeklyStatusToSign',
  'weeklyStatusSigned',
  'weeklyStatusDeclined',
  'legalDocumentCompleted',
  'legalDocumentDeclined',
  'crmApprovalRequested',
  'onePageAccessGranted',
  'projectStatusChanged',
  'projectSessionSubmitted',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['both', 'teams', 'email', 'none'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DEFAULT_NOTIFICATION_CHANNEL: NotificationChannel = 'both';

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  both: 'Teams and e-mail',
  teams: 'Teams',
  email: 'E-mail',
  none: 'None',
};

export interface NotificationEventInfo {
  /** The row's label on the "Notifications" page. */
  label: string;
  /** Who gets it (shown on the page). */
  who: string;
  /**
   * The manifest's templateText: Teams shows it in the activity feed, `{person}` being the person who acted
   * (or the app) and `{project}` the project's code and name.
   */
  templateText: string;
  /** The manifest's description of the activity type. */
  description: string;
  /**
   * The event's e-mail is a step of its workflow (the CRM approval request, a weekly status's signing link):
   * it always goes, so the person chooses only whether Teams tells them too ('both' or 'email').
   */
  workflowMail?: true;
}

/** The channels a person may choose for `event`. */
export const channelsFor = (event: NotificationEvent): readonly NotificationChannel[] =>
  NOTIFICATION_EVENT_INFO[event].workflowMail ? ['both', 'email'] : NOTIFICATION_CHANNELS;

export const NOTIFICATION_EVENT_INFO: Record<NotificationEvent, NotificationEventInfo> = {
  onePageDue: {
    label: "This week's one-page is not submitted",
    who: 'Managers and partners of the project, Thursday 12:00 and again Friday 12:00',
    templateText: "{project}: this week's one-page is not submitted yet",
    description: "Reminder: this week's one-page of a project you manage is not submitted",
  },
  weeklyStatusToSign: {
    label: 'A weekly status is sent to sign',
    who: 'Its internal recipients',
    templateText: '{person} sent the weekly status of {project} to sign',
    description: 'A weekly status waits for your signature',
    workflowMail: true,
  },
  weeklyStatusSigned: {
    label: 'A weekly status is signed by everyone',
    who: 'Its creator and the managers',
    templateText: 'The weekly status of {project} was signed by everyone',
    description: 'A weekly status was signed by every recipient',
  },
  weeklyStatusDeclined: {
    label: 'A weekly status is declined',
    who: 'Its creator and the managers',
    templateText: 'The weekly status of {project} was declined',
    description: 'A recipient declined to sign a weekly status',
  },
  legalDocumentCompleted: {
    label: 'The closure legal document is signed',
    who: 'Managers and partners of the project',
    templateText: 'The closure legal document of {project} was signed',
    description: 'The closure legal document was signed by everyone',
  },
  legalDocumentDeclined: {
    label: 'The closure legal document is declined',
    who: 'Managers and partners of the project',
    templateText: 'The closure legal document of {project} was declined',
    description: 'A recipient declined to sign the closure legal document',
  },
  crmApprovalRequested: {
    label: 'A CRM approval is requested',
    who: 'The director (or the partner) the approval e-mail goes to',
    templateText: '{person} asks you to approve the CRM stakeholders of {project}',
    description: 'CRM stakeholders wait for your approval',
    workflowMail: true,
  },
  onePageAccessGranted: {
    label: 'You are given access to a one-page',
    who: 'The person given access',
    templateText: '{person} gave you access to the one-page of {project}',
    description: 'You can now open a project one-page',
  },
  projectStatusChanged: {
    label: "A project's status is changed by Forward",
    who: "The project's team",
    templateText: '{person} moved {project} forward',
    description: 'A project you work on moved to its next status',
  },
  projectSessionSubmitted: {
    label: 'A project session is submitted',
    who: "The project's team",
    templateText: '{person} submitted the project session of {project}',
    description: 'A project session of your project was submitted',
  },
};
