import { useId } from 'react';
import { Caption1, Checkbox, Label, makeStyles, tokens } from '@fluentui/react-components';
import { useController, type Control } from 'react-hook-form';
import { PORTAL_SCOPES, scopeLabel } from '@domain/rules/people';
import type { PersonRecord } from './api/person';
import type { PersonFormValues } from './form';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  from: { color: tokens.colorNeutralForeground3 },
});

/**
 * The scopes granted by hand (checkboxes; they stay until removed by hand), and beside each the groups and the
 * sign-in app roles that grant it too (read-only: they change in Microsoft Entra ID or on the Provisioning tab).
 */
export function ScopeChecks({
  control,
  person,
}: {
  control: Control<PersonFormValues, any, any>; // any context and transformed output
  person: PersonRecord;
}) {
  const s = useStyles();
  const labelId = useId();
  const { field } = useController({ control, name: 'manualScopes' });
  const granted = (field.value as string[]) ?? [];
  const toggle = (scope: string, on: boolean) =>
    field.onChange(on ? [...granted, scope] : granted.filter((x) => x !== scope));
  return (
    <div role="group" aria-labelledby={labelId}>
      <Label id={labelId}>Scopes granted by hand</Label>
      <div className={s.list}>
        {PORTAL_SCOPES.map((scope) => {
          const groups = person.groups.filter((g) => g.scopes.includes(scope)).map((g) => g.displayName);
          const fromToken = person.tokenScopes.includes(scope);
          const from = [...groups.map((g) => `group ${g}`), ...(fromToken ? ['sign-in app role'] : [])];
          return (
            <div key={scope} className={s.row}>
              <Checkbox
                label={scopeLabel(scope)}
                checked={granted.includes(scope)}
                onChange={(_, d) => toggle(scope, d.checked === true)}
              />
              {from.length ? <Caption1 className={s.from}>Also granted by {from.join(', ')}</Caption1> : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
