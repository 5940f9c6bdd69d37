import { browserHost } from './browser';

export * from './types';
import type { Host } from './types';

let current: Host = browserHost;

export function getHost(): Host {
  return current;
}
/** Replaces the host (the Teams implementation, or tests). */
export function setHost(h: Host) {
  current = h;
}
