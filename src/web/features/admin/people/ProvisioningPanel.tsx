import { useState } from 'react';
import {
  Badge,
  Button,
  Caption1,
  Card,
  Field,
  Input,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular, KeyRegular } from '@fluentui/react-icons';
import { ConfirmDialog, LoadingState, PortalDataGrid, QueryError, actionColumn } from '@web/ui';
import { useCopy } from './copy';
import {
  useProvisioning,
  useRevokeToken,
  type ProvisioningRequest,
  type ProvisioningToken,
} from './api/provisioning';
import { GroupScopes } from './GroupScopes';
import { TokenDialog } from './TokenDialog';
import { when } from './when';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    marginTop: tokens.spacingVerticalM,
  },
  card: {
    padding: tokens.spacingVerticalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  url: { minWidth: '360px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3 },
});

/**
 * The Provisioning tab: the Tenant URL and whether Microsoft Entra ID is connected (its last request and outcome),
 * the provisioning tokens (create — shown once —, revoke), the provisioned groups with the scopes each grants, and
 * the last provisioning requests.
 */
export function ProvisioningPanel() {
  const s = useStyles();
  const q = useProvisioning();
  const copy = useCopy();
  const revoke = useRevokeToken();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ProvisioningToken | null>(null);
  if (q.isLoading) return <LoadingState />;
  if (!q.data) return <QueryError query={q} />;
  const p = q.data;
  const sum = p.summary;
  const connected = sum.lastRequestAt !== null && sum.lastStatus !== null && sum.lastStatus < 400;
  return (
    <div className={s.panel}>
      <Card className={s.card}>
        <Text weight="semibold">Connection</Text>
        <div className={s.row}>
          <Field label="Tenant URL" className={s.url}>
            <Input readOnly value={p.scimUrl} />
          </Field>
          <Button icon={<CopyRegular />} onClick={() => void copy(p.scimUrl, 'Tenant URL')}>
            Copy
          </Button>
        </div>
        <div className={s.row}>
          {sum.lastRequestAt === null ? (
            <Badge appearance="tint" color="subtle">
              Not connected yet
            </Badge>
          ) : (
            <Badge appearance="tint" color={connected ? 'success' : 'danger'}>
              {connected ? 'Connected' : 'Last request failed'}
            </Badge>
          )}
          <Caption1>
            Last request: {when(sum.lastRequestAt)}
            {sum.lastStatus !== null ? ` (${sum.lastStatus})` : ''} · Last success: {when(sum.lastSuccessAt)}{' '}
            · Failures in the last 24 hours: {sum.failuresLast24h} · Active tokens: {sum.activeTokens}
          </Caption1>
        </div>
      </Card>

      <section className={s.section} aria-label="Tokens">
        <Text weight="semibold">Tokens</Text>
        <Caption1 className={s.hint}>
          Entra ID&apos;s provisioning sends one as its Secret Token. A token is shown once, when it is
          created.
        </Caption1>
        <PortalDataGrid<ProvisioningToken>
          ariaLabel="Tokens"
          rows={p.tokens}
          getRowId={(t) => t.id}
          emptyText="No tokens yet"
          toolbar={
            <Button icon={<KeyRegular />} appearance="primary" onClick={() => setCreating(true)}>
              Create token
            </Button>
          }
          columns={[
            { key: 'name', title: 'Name' },
            {
              key: 'createdAt',
              title: 'Created',
              value: (t) => when(t.createdAt),
              sortValue: (t) => t.createdAt,
            },
            { key: 'createdBy', title: 'Created by', value: (t) => t.createdBy ?? '' },
            {
              key: 'lastUsedAt',
              title: 'Last used',
              value: (t) => when(t.lastUsedAt),
              sortValue: (t) => t.lastUsedAt ?? '',
            },
            {
              key: 'revokedAt',
              title: 'Status',
              value: (t) => (t.revokedAt ? `Revoked ${when(t.revokedAt)}` : 'Active'),
            },
            actionColumn<ProvisioningToken>('revoke', '', 110, (t) =>
              t.revokedAt ? null : (
                <Button size="small" onClick={() => setRevoking(t)}>
                  Revoke
                </Button>
              ),
            ),
          ]}
        />
      </section>

      <section className={s.section} aria-label="Groups">
        <Text weight="semibold">Groups</Text>
        <Caption1 className={s.hint}>
          A group named after a scope (API.Portal.Admin, API.Portal.KNW, …) grants it by default; choose the
          scopes of any other group here. Scopes granted by hand on a person stay until removed by hand.
        </Caption1>
        {p.groups.length === 0 ? (
          <Caption1>No groups provisioned yet</Caption1>
        ) : (
          p.groups.map((g) => <GroupScopes key={`${g.id}:${g.version}`} group={g} />)
        )}
      </section>

      <section className={s.section} aria-label="Last requests">
        <Text weight="semibold">Last requests</Text>
        <PortalDataGrid<ProvisioningRequest>
          ariaLabel="Last requests"
          rows={p.requests}
          getRowId={(r) => r.id}
          emptyText="No provisioning requests yet"
          columns={[
            { key: 'at', title: 'Time', value: (r) => when(r.at), sortValue: (r) => r.at, width: 170 },
            { key: 'method', title: 'Method', width: 90 },
            { key: 'path', title: 'Path' },
            { key: 'status', title: 'Status', width: 80 },
            { key: 'tokenName', title: 'Token', value: (r) => r.tokenName ?? '' },
            { key: 'detail', title: 'Detail', value: (r) => r.detail ?? '' },
          ]}
        />
      </section>

      {creating ? <TokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? ''}?`}
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSettled: () => setRevoking(null) })}
        onCancel={() => setRevoking(null)}
      >
        Provisioning with this token stops at once. Entra ID needs a new token to go on.
      </ConfirmDialog>
    </div>
  );
}
