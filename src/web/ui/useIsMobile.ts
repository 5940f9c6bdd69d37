import { useEffect, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '@domain/constants';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

/** True at widths up to 768 px (the spec's mobile breakpoint). */
export function useIsMobile(): boolean {
  const get = () =>
    typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(QUERY).matches : false;
  const [mobile, setMobile] = useState(get);
  useEffect(() => {
    if (!window.matchMedia) return;
    const m = window.matchMedia(QUERY);
    const on = () => setMobile(m.matches);
    m.addEventListener?.('change', on);
    return () => m.removeEventListener?.('change', on);
  }, []);
  return mobile;
}
