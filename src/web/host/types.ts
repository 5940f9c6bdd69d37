/** The host contract: what the app needs from where it runs (browser or Microsoft Teams). */
export type ThemeName = 'light' | 'dark' | 'contrast';

export interface PhotoPerson {
  name: string;
  login?: string | null;
  email?: string | null;
  photoGUID?: string | null;
}

/** Why an in-frame sign-in did not produce a token: the user must consent (a click can fix it), or it failed. */
export class SignInError extends Error {
  constructor(
    readonly kind: 'consent' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/**
 * Where in Microsoft Teams the app is shown (teams-js `FrameContexts`): a tab's content, its configuration page,
 * a meeting's side panel or its shared stage, …
 */
export type FrameContext =
  'content' | 'settings' | 'sidePanel' | 'meetingStage' | 'stage' | 'task' | 'remove' | 'authentication';

/** What the channel tab's configuration page saves (Teams `pages.config.setConfig`). */
export interface TabSettings {
  entityId: string;
  contentUrl: string;
  websiteUrl: string;
  suggestedDisplayName: string;
}

/** The configuration-page side of a host (Teams settings frame only). */
export interface TabConfigHost {
  /** The project of the tab being reconfigured (Teams: its entity id), if any. */
  currentProjectId?: number;
  /** The tab is added to a meeting (its chat and details tabs, side panel and stage), not to a channel. */
  inMeeting?: boolean;
  setValid(valid: boolean): void;
  /** Called when the user presses Save; resolves once Teams has the settings. */
  onSave(settings: () => TabSettings | undefined): void;
}

/**
 * Where the app runs — the browser or Microsoft Teams. The rest of the app talks only to this:
 * get a token, open a link or a chat, resolve a photo, build a deep link, follow the theme.
 */
export interface Host {
  kind: 'browser' | 'teams';
  /**
   * Runs the sign-in step on the sign-in page: resolves the identity provider's token when one is at hand
   * (the redirect's result in the browser; Teams SSO or nested app authentication in Teams), or
   * `undefined` after starting a redirect to the identity provider (browser only). `interactive` allows
   * a consent prompt (a user's click). Throws {@link SignInError}.
   */
  acquireToken(opts: { loginHint?: string; interactive?: boolean }): Promise<string | undefined>;
  /** Ends the session (browser: through the identity provider's logout). */
  signOut(): void;
  /** Opens a link that leaves the app (new window in the browser, `app.openLink` in Teams). */
  openLink(url: string): void;
  /** The Teams chat deep link with a person. */
  chatUrl(email: string): string;
  /**
   * Downloads a file of the portal API: in the browser fetched with the token and saved (its download
   * name, else `fallbackName`); in Teams opened outside the tab with `app.openLink` through a short-lived
   * download link. Resolves the file name (browser) or the link (Teams).
   */
  download(path: string, fallbackName: string): Promise<string>;
  /** Opens a chat with a person (`chat.openChat` in Teams). */
  openChat(email: string): void;
  /** A photo URL for the avatar, or undefined for initials. */
  resolvePhoto(person: PhotoPerson): Promise<string | undefined>;
  /** A link to a portal path that opens it inside the Teams app (falls back to the portal URL). */
  deepLink(path: string): string;
  theme(): ThemeName;
  onThemeChange(fn: (t: ThemeName) => void): () => void;
  /** The project a Teams channel tab is pinned to: the shell is scoped to it. */
  scopedProjectId?: number;
  /** Who the host says is signed in (Teams: the context's login hint / UPN). */
  userHint?: string;
  /** The portal path the host asked to open at start (a deep link's subPageId). */
  initialPath?: string;
  /** The Teams configuration page's save handshake (only in the tab's settings frame). */
  tabConfig?: TabConfigHost;
  /** Where in Teams the app is shown (a meeting's side panel, its stage, …); undefined in the browser. */
  frameContext?: FrameContext;
  /**
   * Shares a portal page (a path) to the meeting's stage for everyone in the meeting (Teams
   * `meeting.shareAppContentToStage`). Only in a meeting's side panel; undefined elsewhere (the browser).
   * Rejects with a sentence for the person when Teams refuses (not allowed, not in a meeting).
   */
  shareToStage?(path: string): Promise<void>;
  /** Tells the host the app has shown its first screen (Teams `notifySuccess`). */
  notifyReady(): void;
}
