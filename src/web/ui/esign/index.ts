/**
 * The signature wizard pieces shared by the Weekly Status dialog (spec 001 §2, §4) and the Upload Legal Document
 * wizard of Closure With Client (spec 002 §2.4). Presentational: the screens make the API calls.
 */
export { SignedStatusDot } from './SignedStatusDot';
export { tutorials, embeddableUrl, type Tutorial, type TutorialKey } from './tutorials';
export { TutorialPanel } from './TutorialPanel';
export { PathChoice, type WizardPath } from './PathChoice';
export { RecipientsStep, type RecipientInput } from './RecipientsStep';
export { FileStep } from './FileStep';
export { SendConfirmation, SEND_CONFIRMATION_TEXT } from './SendConfirmation';
export { WizardFooter } from './WizardFooter';
export { useWizardStep } from './useWizardStep';
