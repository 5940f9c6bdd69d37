import { browserHost } from './browser';

export type ThemeName = 'light' | 'dark' | 'contrast';

export interface PhotoPerson {
  name: string;
  login?: string | null;
  email?: string | null;
  photoGUID?: string | null;
}

/** Where the app runs (browser now; Teams plugs in here): the rest of the app talks only to this. */
export interface Host {
  kind: 'browser' | 'teams';
  /** Starts sign-in (browser: redirect to the identity provider). */
  signIn(loginHint?: string): void;
  /** Ends the session and goes through the identity provider's logout. */
  signOut(): void;
  openLink(url: string): void;
  chatUrl(email: string): string;
  openChat(email: string): void;
  resolvePhoto(person: PhotoPerson): Promise<string | undefined>;
  theme(): ThemeName;
  onThemeChange(fn: (t: ThemeName) => void): () => void;
}

let current: Host = browserHost;

export function getHost(): Host {
  return current;
}
/** Replaces the host (the Teams implementation, or tests). */
export function setHost(h: Host) {
  current = h;
}
