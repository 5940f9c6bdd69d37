import { embeddableUrl, type Tutorial } from '@web/ui/esign';

/**
 * Build-time settings of Closure Internal (002 §2.6). The spec gives neither the auto-sanitization page nor the
 * knowledge-management mailbox ("{email} not given here"): both are `VITE_*` variables with a default.
 */
const env = import.meta.env as Record<string, string | undefined>;

/** The external auto-sanitization page opened from the Sanitized References tab (through the host). */
export const AUTO_SANITIZATION_URL =
  embeddableUrl(env.VITE_AUTO_SANITIZATION_URL) ?? 'https://sanitization.example.com/';

/** The knowledge-management mailbox (the server's KM_EMAIL default, knowledge.management@example.com). */
export const KM_EMAIL = env.VITE_KM_EMAIL?.trim() || 'knowledge.management@example.com';

/** 'Tips to write a good case' (002 §2.6): the embedded video when configured, and the written tips always. */
export const GOOD_CASE_TUTORIAL: Tutorial = {
  key: 'fileCreation', // the panel does not read the key; TutorialKey has no closure entry
  title: 'Tips to write a good case',
  url: embeddableUrl(env.VITE_TUTORIAL_GOOD_CASE_URL),
  steps: [
    'Download the complete case template and keep its headings: context, challenge, approach, results.',
    'Write in English and sanitize it: no client name, no people, no figures that identify the client.',
    'Lead with the client problem in one or two sentences, then what the team did and why it worked.',
    'Quantify the results (percentages, time, scale) and add the qualitative gains.',
    'Keep the project summary under 500 characters; it is the text colleagues read first.',
    'Export the case as a PDF and upload it here.',
  ],
};
