import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DELAY_MS } from '@domain/constants';
import { ApiError } from '@web/api/client';

/** What an autosaved value is doing now (shown by `SaveState`). */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed' | 'conflict';
/** The former name of SaveStatus. */
export type AutosaveState = SaveStatus;

/** Passed to `save`: the If-Match version to send and whether the request must outlive the page. */
export interface SaveContext {
  version: number | null | undefined;
  keepalive: boolean;
}

/** A stale save (412): their value of this field and the version of their record. */
export interface AutosaveConflict<T> {
  theirs: T;
  version: number | undefined;
  /** The whole current record (the 412 body's `current`). */
  record: unknown;
}

const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 30_000;

/** The planned retries of failed saves: they go on after their field is gone, so nothing typed is lost. */
const retries = new Set<ReturnType<typeof setTimeout>>();

/**
 * Stops every planned retry of a failed save. A page unload (signing out, closing the tab) ends them in the
 * browser; the web tests end each test's app with it, so no retry of one test reaches the next.
 */
export function stopSaveRetries() {
  for (const t of retries) clearTimeout(t);
  retries.clear();
}
/** Automatic re-sends after a 412 whose record did not change this field (then the save is not an overwrite). */
const MAX_REBASES = 3;

/**
 * The version of one editable record, shared by every autosaved field of that record (`useRecordVersion`):
 * saves of the record go one at a time, each answer's version becomes the next If-Match, and a newer
 * version loaded from the server is taken only while no field of the record has unsaved changes.
 */
export class RecordVersion {
  /** The version sent as If-Match next. */
  current: number | null | undefined;
  /** The version of the record as last loaded (props). */
  loaded: number | null | undefined;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly dirty = new Set<object>();

  constructor(version: number | null | undefined) {
    this.current = version;
    this.loaded = version;
  }

  /** Runs `task` after every save of this record already queued. */
  serial<R>(task: () => Promise<R>): Promise<R> {
    const run = this.tail.then(task, task);
    this.tail = run.catch(() => undefined);
    return run;
  }

  setDirty(key: object, dirty: boolean) {
    if (dirty) this.dirty.add(key);
    else this.dirty.delete(key);
  }

  get isClean() {
    return this.dirty.size === 0;
  }

  /** Whether the loaded record is at least as new as what we last wrote (else a load is stale). */
  get loadedIsCurrent() {
    return typeof this.loaded !== 'number' || typeof this.current !== 'number' || this.loaded >= this.current;
  }

  /** A version loaded from the server: taken when newer and nothing of the record is unsaved. */
  observe(version: number | null | undefined) {
    this.loaded = version;
    if (typeof version !== 'number' || !this.isClean) return;
    if (typeof this.current !== 'number' || version > this.current) this.current = version;
  }
}

/** One RecordVersion for a loaded record; pass it as `version` to every autosaved field of that record. */
export function useRecordVersion(loaded: number | null | undefined): RecordVersion {
  const [rv] = useState(() => new RecordVersion(loaded));
  rv.loaded = loaded; // read by the fields' effects, which run before this component's
  useEffect(() => rv.observe(loaded), [rv, loaded]);
  return rv;
}

export interface UseAutosaveOptions<T> {
  /** The value as loaded from the server. Later loads replace what is shown only while nothing is unsaved. */
  value: T;
  /**
   * Saves one value, sending `ctx.version` as If-Match (`apiSend(..., { version, keepalive })`); resolves to
   * the saved record, whose `version` becomes the next If-Match. A 412 (`ApiError.isConflict`) is a conflict.
   */
  save: (value: T, ctx: SaveContext) => Promise<unknown>;
  /** The loaded record's version, or a `RecordVersion` shared by the fields of one record. */
  version?: number | null | RecordVersion;
  /** This field's value in a record (the 412 body's `current`); default: the record itself. */
  fromRecord?: (record: any) => T;
  /** Debounce after the last change; default 3 s (`AUTOSAVE_DELAY_MS`). */
  delayMs?: number;
  readOnly?: boolean;
  isEqual?: (a: T, b: T) => boolean;
  /** First retry after a failed save (doubles, capped at 30 s). */
  retryMs?: number;
  onSaved?: (record: unknown) => void;
  /** Each failed attempt (`attempt` 1 is the first of a run of failures). */
  onFailed?: (error: unknown, attempt: number) => void;
  /** A 412 that needs the person's choice; `mounted` is false when it happens after the field is gone. */
  onConflict?: (conflict: AutosaveConflict<T>, mounted: boolean) => void;
  /** "Take theirs" chose their value (forms reset their fields with it). */
  onTakeTheirs?: (theirs: T) => void;
}

export interface Autosave<T> {
  /** What the field shows: the person's latest value. */
  value: T;
  state: SaveStatus;
  /** A failed save will be tried again by itself (network error, 5xx, offline). */
  retrying: boolean;
  offline: boolean;
  error: unknown;
  conflict: AutosaveConflict<T> | null;
  /** The person typed: shown at once, saved after the debounce. */
  change: (value: T) => void;
  /** Saves now (blur); resolves when the save queue is done. */
  flush: () => Promise<void>;
  /** Conflict: save my value again with their version as If-Match. */
  keepMine: () => void;
  /** Conflict: show their value instead of mine; nothing is saved. */
  takeTheirs: () => void;
}

const defaultEqual = (a: unknown, b: unknown) =>
  Object.is(a, b) ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b));

const versionOf = (record: unknown): number | undefined => {
  const v = record && typeof record === 'object' ? (record as { version?: unknown }).version : undefined;
  return typeof v === 'number' ? v : undefined;
};

const isRetryable = (e: unknown) =>
  !(e instanceof ApiError) || e.status >= 500 || e.status === 408 || e.status === 429;

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Autosave for one field or a whole form. Saves `delayMs` after the last change and at once on `flush()`
 * (blur), on unmount (route change) and when the page is hidden (then as a keepalive request). Saves of a
 * record run one at a time and the latest value wins. A failed save keeps the value and is retried (2 s
 * doubling to 30 s, or after the Retry-After of a busy server's 503 / 429 when longer; at once when the
 * browser is back online); a 400-class answer is shown and tried again
 * on the next change or blur. A 412 is a conflict: nothing is retried or lost until the person keeps
 * their value or takes the other one — except when the other record did not change this field, which is
 * re-sent with the new version (not an overwrite).
 */
export function useAutosave<T>(options: UseAutosaveOptions<T>): Autosave<T> {
  const { value: loaded, readOnly = false } = options;
  const opts = useRef(options);
  opts.current = options;
  const equal = (a: T, b: T) => (opts.current.isEqual ?? defaultEqual)(a, b);

  const [ownVersion] = useState(() =>
    options.version instanceof RecordVersion ? null : new RecordVersion(options.version),
  );
  const record = options.version instanceof RecordVersion ? options.version : ownVersion!;
  if (record === ownVersion) ownVersion.loaded = options.version as number | null | undefined;

  const [shown, setShown] = useState<T>(loaded);
  const [state, setStateRaw] = useState<SaveStatus>('idle');
  const [retrying, setRetrying] = useState(false);
  const [offline, setOffline] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [conflict, setConflictRaw] = useState<AutosaveConflict<T> | null>(null);

  const key = useRef({}).current;
  const mine = useRef<T>(loaded); // the latest value typed (or loaded)
  const base = useRef<T>(loaded); // the server's value of this field as last known
  const dirty = useRef(false); // `mine` is not saved yet
  const conflictRef = useRef<AutosaveConflict<T> | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const again = useRef<{ keepalive: boolean } | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const backoff = useRef(options.retryMs ?? FIRST_RETRY_MS);
  const failures = useRef(0);
  const mounted = useRef(true);

  const setState = (s: SaveStatus) => mounted.current && setStateRaw(s);
  const setConflict = (c: AutosaveConflict<T> | null) => {
    conflictRef.current = c;
    if (mounted.current) setConflictRaw(c);
  };
  const markDirty = (d: boolean) => {
    dirty.current = d;
    syncRecordDirty();
  };
  const syncRecordDirty = () =>
    record.setDirty(key, dirty.current || running.current !== null || conflictRef.current !== null);

  /** Plans the next attempt: the backoff, or later when the server asked for it (503 / 429 Retry-After). */
  const scheduleRetry = (retryAfterMs?: number) => {
    clearRetry();
    const wait = Math.max(backoff.current, Math.min(retryAfterMs ?? 0, MAX_RETRY_MS));
    backoff.current = Math.min(backoff.current * 2, MAX_RETRY_MS);
    const timer = setTimeout(() => {
      retries.delete(timer);
      retryTimer.current = undefined;
      void runRef.current(false);
    }, wait);
    retryTimer.current = timer;
    retries.add(timer);
  };
  const clearRetry = () => {
    if (retryTimer.current === undefined) return;
    clearTimeout(retryTimer.current);
    retries.delete(retryTimer.current);
    retryTimer.current = undefined;
  };

  /** Saves `mine` until nothing is unsaved (or it fails / conflicts). One at a time per record. */
  const saveLoop = async (keepalive: boolean) => {
    let rebases = 0;
    while (dirty.current && !conflictRef.current) {
      if (isOffline()) {
        if (mounted.current) {
          setOffline(true);
          setRetrying(true);
        }
        setState('failed');
        scheduleRetry(); // and at once on `online`
        return;
      }
      const value = mine.current;
      markDirty(false);
      setState('saving');
      const o = opts.current;
      try {
        const saved = await o.save(value, { version: record.current, keepalive });
        const v = versionOf(saved);
        if (v !== undefined) record.current = v;
        base.current = value;
        backoff.current = o.retryMs ?? FIRST_RETRY_MS;
        failures.current = 0;
        if (mounted.current) {
          setRetrying(false);
          setOffline(false);
          setError(undefined);
        }
        setState(dirty.current ? 'pending' : 'saved');
        o.onSaved?.(saved);
        // a value typed during the save waits for its own debounce unless a flush asked for it
        if (dirty.current && !again.current) return;
        if (again.current) keepalive = again.current.keepalive;
        again.current = null;
      } catch (e) {
        markDirty(true); // `mine` (this value or a newer one typed meanwhile) stays unsaved: nothing is lost
        if (e instanceof ApiError && e.isConflict) {
          const current = e.current;
          const theirs = (o.fromRecord ?? ((r: unknown) => r as T))(current);
          const theirVersion = versionOf(current);
          if (equal(theirs, mine.current) || (equal(theirs, base.current) && rebases < MAX_REBASES)) {
            // they did not change this field (or changed it to mine): send again on their version
            rebases++;
            if (theirVersion !== undefined) record.current = theirVersion;
            base.current = theirs;
            if (equal(theirs, mine.current)) markDirty(false);
            if (!dirty.current) setState('saved');
            continue;
          }
          const c: AutosaveConflict<T> = { theirs, version: theirVersion, record: current };
          setConflict(c);
          setState('conflict');
          if (mounted.current) {
            setRetrying(false);
            setError(e);
          }
          o.onConflict?.(c, mounted.current);
          return;
        }
        failures.current++;
        const retry = isRetryable(e);
        if (mounted.current) {
          setRetrying(retry);
          setOffline(isOffline());
          setError(e);
        }
        setState('failed');
        o.onFailed?.(e, failures.current);
        if (retry) scheduleRetry(e instanceof ApiError ? e.retryAfterMs : undefined);
        return;
      }
    }
  };

  const run = (keepalive: boolean): Promise<void> => {
    clearTimeout(debounce.current);
    if (running.current) {
      again.current = { keepalive: keepalive || (again.current?.keepalive ?? false) };
      return running.current;
    }
    if (!dirty.current || conflictRef.current || opts.current.readOnly) return Promise.resolve();
    clearRetry();
    const p = record
      .serial(async () => {
        await saveLoop(keepalive);
        // a flush asked for during a failed/conflicting save is answered by that state
        again.current = null;
      })
      .finally(() => {
        running.current = null;
        syncRecordDirty();
      });
    running.current = p;
    syncRecordDirty();
    return p;
  };
  const runRef = useRef(run);
  runRef.current = run;

  const change = useCallback(
    (v: T) => {
      if (opts.current.readOnly) return;
      mine.current = v;
      setShown(v);
      markDirty(true);
      if (conflictRef.current) return; // kept, saved when the person chooses
      setState('pending');
      clearTimeout(debounce.current);
      debounce.current = setTimeout(
        () => void runRef.current(false),
        opts.current.delayMs ?? AUTOSAVE_DELAY_MS,
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const flush = useCallback(() => runRef.current(false), []);

  const keepMine = useCallback(() => {
    const c = conflictRef.current;
    if (!c) return;
    if (c.version !== undefined) record.current = c.version;
    base.current = c.theirs;
    setConflict(null);
    markDirty(true);
    void runRef.current(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const takeTheirs = useCallback(() => {
    const c = conflictRef.current;
    if (!c) return;
    clearTimeout(debounce.current);
    if (c.version !== undefined) record.current = c.version;
    base.current = c.theirs;
    mine.current = c.theirs;
    setShown(c.theirs);
    setConflict(null);
    markDirty(false);
    setState('idle');
    if (mounted.current) setError(undefined);
    opts.current.onTakeTheirs?.(c.theirs);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  // A newer load replaces what is shown while nothing of this field is unsaved (and the load is not stale).
  const loadedVersion = record.loaded;
  const lastLoaded = useRef(loaded);
  useEffect(() => {
    const changed = !equal(loaded, lastLoaded.current);
    lastLoaded.current = loaded;
    if (readOnly) {
      mine.current = loaded;
      base.current = loaded;
      setShown(loaded);
      return;
    }
    if (!changed || dirty.current || running.current || conflictRef.current || !record.loadedIsCurrent)
      return;
    mine.current = loaded;
    base.current = loaded;
    setShown(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, loadedVersion, readOnly]);

  useEffect(() => {
    if (record === ownVersion) ownVersion.observe(options.version as number | null | undefined);
  });

  // Page hidden (tab switch, close, navigation away): save now with a keepalive request. Back online: retry now.
  useEffect(() => {
    mounted.current = true;
    const hide = () => void runRef.current(true);
    const visibility = () => document.visibilityState === 'hidden' && hide();
    const online = () => {
      if (mounted.current) setOffline(false);
      if (dirty.current && !conflictRef.current) {
        backoff.current = opts.current.retryMs ?? FIRST_RETRY_MS;
        void runRef.current(false);
      }
    };
    window.addEventListener('pagehide', hide);
    document.addEventListener('visibilitychange', visibility);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('pagehide', hide);
      document.removeEventListener('visibilitychange', visibility);
      window.removeEventListener('online', online);
      mounted.current = false;
      // unmount (route change, dialog closed): save what is pending now; a failed save already waiting
      // for its retry keeps retrying in the background instead
      if (retryTimer.current === undefined) void runRef.current(false);
    };
  }, []);

  // gone: this field no longer holds back newer loads of the record (unless its last save is still running)
  useEffect(
    () => () => {
      if (!running.current) record.setDirty(key, false);
    },
    [record, key],
  );

  return {
    value: shown,
    state: readOnly ? 'idle' : state,
    retrying,
    offline,
    error,
    conflict,
    change,
    flush,
    keepMine,
    takeTheirs,
  };
}
