import { useState } from 'react';
import {
  Badge,
  Button,
  Caption1,
  Card,
  Checkbox,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { PORTAL_SCOPES, scopeLabel } from '@domain/rules/people';
import { useUpdateGroup, type ProvisionedGroup } from './api/provisioning';

const useStyles = makeStyles({
  card: { padding: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  scopes: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  hint: { color: tokens.colorNeutralForeground3 },
});

/** A provisioned group: its members, the scopes it grants (checkboxes), Save (If-Match). */
export function GroupScopes({ group }: { group: ProvisionedGroup }) {
  const s = useStyles();
  const [scopes, setScopes] = useState<string[]>(group.scopes);
  const update = useUpdateGroup();
  const dirty = [...scopes].sort().join() !== [...group.scopes].sort().join();
  return (
    <Card className={s.card} aria-label={`Group ${group.displayName}`} role="group">
      <div className={s.head}>
        <Text weight="semibold">{group.displayName}</Text>
        <Caption1 className={s.hint}>
          {group.members} {group.members === 1 ? 'member' : 'members'}
        </Caption1>
        <Badge appearance="outline">{group.mapped ? 'Mapped by hand' : 'Mapped by name'}</Badge>
      </div>
      <div className={s.scopes}>
        {PORTAL_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            label={scopeLabel(scope)}
            checked={scopes.includes(scope)}
            onChange={(_, d) =>
              setScopes((list) => (d.checked ? [...list, scope] : list.filter((x) => x !== scope)))
            }
          />
        ))}
        <Button
          appearance="primary"
          size="small"
          disabled={!dirty || update.isPending}
          onClick={() => update.mutate({ id: group.id, scopes, version: group.version })}
        >
          Save
        </Button>
      </div>
    </Card>
  );
}
