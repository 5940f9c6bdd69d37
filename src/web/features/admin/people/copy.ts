import { useNotify } from '@web/ui';

/** Copies a text to the clipboard, saying whether it worked. */
export function useCopy() {
  const notify = useNotify();
  return async (text: string, what: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success(`${what} copied`);
    } catch {
      notify.error(`Could not copy the ${what.toLowerCase()}: select it and copy it by hand`);
    }
  };
}
