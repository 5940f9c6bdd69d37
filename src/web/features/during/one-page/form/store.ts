import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { isFilled } from '@domain/rules';
import type { RecordVersion, SaveContext } from '@web/ui';
import type { OnePageField, OnePageFieldBody } from '../api/one-page';

type Values = Record<string, unknown>;

/**
 * What the form shows now, field by field (each field writes its value here as the person changes it), the
 * fields a refused submit marked and those Start from last week filled (the one-page's `carriedFields`, marked
 * "From last week"). Fields subscribe to the one fact they need (e.g. "is my explanation
 * required?"), so typing in one field re-renders that field only.
 */
export class FormStore {
  values: Values;
  missing: ReadonlySet<string> = new Set();
  carried: ReadonlySet<string> = new Set();
  private readonly listeners = new Set<() => void>();
  private readonly flushers = new Set<() => Promise<void>>();

  /** `stillMissing` names the fields the rules still miss in some values (a mark goes once its field is fine). */
  constructor(
    values: Values,
    private readonly stillMissing: (values: Values) => string[],
  ) {
    this.values = { ...values };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  private emit() {
    for (const l of this.listeners) l();
  }

  set(name: string, value: unknown) {
    if (Object.is(this.values[name], value)) return;
    this.values = { ...this.values, [name]: value };
    if (this.missing.size > 0) {
      const now = new Set(this.stillMissing(this.values));
      const kept = [...this.missing].filter((f) => now.has(f) && !(f === name && isFilled(value)));
      if (kept.length !== this.missing.size) this.missing = new Set(kept);
    }
    this.emit();
  }

  setMissing(fields: readonly string[]) {
    this.missing = new Set(fields);
    this.emit();
  }

  /** The fields marked "From last week" (the one-page's `carriedFields` as the server last answered it). */
  setCarried(fields: readonly string[]) {
    if (fields.length === this.carried.size && fields.every((f) => this.carried.has(f))) return;
    this.carried = new Set(fields);
    this.emit();
  }

  /** A field's "save now" (for submit: every pending save goes first). */
  registerFlush(flush: () => Promise<void>) {
    this.flushers.add(flush);
    return () => void this.flushers.delete(flush);
  }
  async flushAll() {
    await Promise.all([...this.flushers].map((f) => f()));
  }
}

/** One fact of the store; the component re-renders only when that fact changes (a primitive). */
export function useStoreSelector<T extends string | number | boolean | null | undefined>(
  store: FormStore,
  select: (store: FormStore) => T,
): T {
  return useSyncExternalStore(store.subscribe, () => select(store));
}

/** Keeps the store's value of a field equal to what the field shows, and registers its flush. */
export function useFieldSync(store: FormStore, name: string, value: unknown, flush: () => Promise<void>) {
  useEffect(() => store.set(name, value), [store, name, value]);
  useEffect(() => store.registerFlush(flush), [store, flush]);
}

/**
 * What every field of one form shares: the store, the one-page's version, its save, read-only, and the confirmation
 * of fields marked "From last week" (their marks go, the values stay).
 */
export interface FormContextValue {
  store: FormStore;
  version: RecordVersion;
  save: (body: OnePageFieldBody, ctx: SaveContext) => Promise<unknown>;
  readOnly: boolean;
  confirmCarried: (fields?: OnePageField[]) => Promise<unknown>;
}
export const FormContext = createContext<FormContextValue | null>(null);
export function useFormContext(): FormContextValue {
  const ctx = useContext(FormContext);
  if (!ctx) throw new Error('a one-page field outside its form');
  return ctx;
}
