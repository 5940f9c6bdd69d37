/**
 * Build-time settings of the Reports page (002 §2.11). "Governance Material PPT: opens an external portal in a new
 * window" — the spec does not name the portal: `VITE_GOVERNANCE_PPT_URL`, with a placeholder default.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const GOVERNANCE_PPT_URL = env.VITE_GOVERNANCE_PPT_URL?.trim() || 'https://governance.example.com/';
