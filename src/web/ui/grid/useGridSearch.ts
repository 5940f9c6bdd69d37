import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedCallback } from './hooks';

/**
 * The search box's text: the grid's own search filters on it at once (client mode); the caller's `onSearchChange`
 * is told it debounced (infinite mode: the server searches).
 */
export function useGridSearch(server: boolean, onSearchChange: ((text: string) => void) | undefined) {
  const [query, setQuery] = useState('');
  const debouncedSearch = useDebouncedCallback(onSearchChange, SEARCH_DEBOUNCE_MS);
  /** A keystroke's text. */
  const change = (text: string) => {
    if (onSearchChange) debouncedSearch(text);
    if (!server) setQuery(text);
  };
  return { query, change };
}
