/**
 * The tutorials of the signature wizards (spec 001 §2 "Weekly Status dialog": a PLAY TUTORIAL per path and a
 * file creation tutorial; §9: hosted on a video provider; spec 002 §2.4: the Upload Legal Document tutorials).
 * The video URLs are build-time `VITE_TUTORIAL_*` variables (embeddable YouTube / Vimeo URLs, allowed by the
 * CSP's frame-src); without one, the panel shows the written steps only.
 */

export interface Tutorial {
  key: TutorialKey;
  title: string;
  /** The embeddable player URL, or null when none is configured. */
  url: string | null;
  /** Short written steps, accurate for this portal. */
  steps: readonly string[];
}

export type TutorialKey =
  'wsTemplate' | 'wsOwnDocument' | 'wsSignedDocument' | 'fileCreation' | 'legalEsign' | 'legalSigned';

const env = import.meta.env as Record<string, string | undefined>;

/** Only an absolute http(s) URL is embedded; anything else counts as not configured (no broken iframe). */
export function embeddableUrl(value: string | undefined | null): string | null {
  const v = value?.trim();
  if (!v) return null;
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
}

export const tutorials: Record<TutorialKey, Tutorial> = {
  wsTemplate: {
    key: 'wsTemplate',
    title: 'Upload and eSign using a template',
    url: embeddableUrl(env.VITE_TUTORIAL_WS_TEMPLATE_URL),
    steps: [
      'Choose "Upload and eSign using a template": the portal builds the PDF for you.',
      'Fill the five tabs: General Status, Weekly Status Update of Previous Activities, Definitions, Points of Attention and Next Steps (texts save themselves).',
      'Click Next and add the recipients (name and e-mail).',
      'Use "Download not signed file" to check the generated document.',
      'Click "Send to sign" and confirm: each recipient gets a signing link by e-mail and the data can no longer be changed.',
    ],
  },
  wsOwnDocument: {
    key: 'wsOwnDocument',
    title: 'Upload and eSign your document',
    url: embeddableUrl(env.VITE_TUTORIAL_WS_OWN_DOCUMENT_URL),
    steps: [
      'Choose "Upload and eSign your document" when you already have the weekly status as a PDF.',
      'Add the recipients (name and e-mail) and click Next.',
      'Select your PDF file (only PDF files are accepted).',
      'Click "Send to sign" and confirm: each recipient gets a signing link by e-mail.',
      'While it waits for signatures, Resend in the list sends the e-mail again.',
    ],
  },
  wsSignedDocument: {
    key: 'wsSignedDocument',
    title: 'Upload your signed document',
    url: embeddableUrl(env.VITE_TUTORIAL_WS_SIGNED_DOCUMENT_URL),
    steps: [
      'Choose "Upload your signed document" when the client has already signed the PDF.',
      'Select the signed PDF file (only PDF files are accepted).',
      'Click "Upload signed file": the weekly status is completed at once, no e-mail is sent.',
      'Download the signed file from the list whenever you need it.',
    ],
  },
  fileCreation: {
    key: 'fileCreation',
    title: 'File creation tutorial',
    url: embeddableUrl(env.VITE_TUTORIAL_FILE_CREATION_URL),
    steps: [
      "Write the weekly status with the firm's layout: project header, general status, activities, definitions, points of attention and next steps.",
      'Export it as a PDF (File › Save as › PDF in your editor).',
      'Check the PDF opens and reads well before uploading it.',
      'Back in the portal, choose your path and select the PDF in the file step.',
    ],
  },
  legalEsign: {
    key: 'legalEsign',
    title: 'Upload and eSign',
    url: embeddableUrl(env.VITE_TUTORIAL_LEGAL_ESIGN_URL),
    steps: [
      'Choose "Upload and eSign" to send the legal closure document for signature.',
      'Add the recipients (name and e-mail) who must sign it.',
      'Select the legal document as a PDF (only PDF files are accepted).',
      'Click "Send to sign" and confirm: each recipient gets a signing link by e-mail and the data can no longer be changed.',
    ],
  },
  legalSigned: {
    key: 'legalSigned',
    title: 'Upload your signed document',
    url: embeddableUrl(env.VITE_TUTORIAL_LEGAL_SIGNED_URL),
    steps: [
      'Choose "Upload your signed document" when the legal document is already signed.',
      'Select the signed PDF file (only PDF files are accepted).',
      'Click "Upload signed file": the document is completed at once, no e-mail is sent.',
    ],
  },
};
