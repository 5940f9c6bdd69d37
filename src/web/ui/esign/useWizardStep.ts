import { useState } from 'react';
import { wizardStepOf, type WizardStep } from '@domain/rules';

/**
 * The wizard's current step: starts at the step the signed type leads to (spec 001 §4 "Step numbers map to the
 * signed type") and is derived again whenever the type changes (a path chosen or patched).
 */
export function useWizardStep(signedType: number | null | undefined) {
  const [state, setState] = useState(() => ({ type: signedType, step: wizardStepOf(signedType) }));
  let current = state;
  if (state.type !== signedType) {
    current = { type: signedType, step: wizardStepOf(signedType) };
    setState(current);
  }
  const setStep = (step: WizardStep) => setState({ type: signedType, step });
  return { step: current.step, setStep };
}
