import {
  Badge,
  Dropdown,
  Link,
  MessageBar,
  MessageBarBody,
  Option,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useNavigate } from 'react-router-dom';
import {
  CHANNEL_LABELS,
  NOTIFICATION_EVENT_INFO,
  channelsFor,
  type NotificationChannel,
} from '@domain/rules/notifications';
import { ErrorState, LoadingState, PageHeading, SimpleTable, formatDate } from '@web/ui';
import { useChooseChannel, useNotificationSettings, type NotificationSettings } from './api/notifications';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  who: { color: tokens.colorNeutralForeground3, display: 'block' },
  dropdown: { minWidth: '190px' },
  // phones: the table's rows stack (event above its choice)
  table: {
    '@media (max-width: 640px)': {
      '& thead': { display: 'none' },
      '& tr': { display: 'flex', flexDirection: 'column', paddingBlock: tokens.spacingVerticalS },
    },
  },
});

const TEAMS_STATE: Record<NonNullable<NotificationSettings['recent'][number]['teams']>, string> = {
  pending: 'Teams: on its way',
  sent: 'Teams: sent',
  'not-installed': 'Teams: the app is not installed',
  failed: 'Teams: could not be sent',
  off: 'Teams: not available',
};

/**
 * "Notifications" (from the user's menu at the bottom of the side menu): for each event the portal
 * tells people of, where it reaches the signed-in person — Teams, e-mail, both (the default) or none — saved
 * as soon as it is chosen; and the person's latest notifications.
 */
export default function NotificationsPage() {
  const s = useStyles();
  const { data, isLoading, error, refetch } = useNotificationSettings();
  const choose = useChooseChannel();
  const navigate = useNavigate();
  if (isLoading) return <LoadingState />;
  if (error || !data)
    return (
      <ErrorState message={(error as Error)?.message ?? 'Failed to load'} onRetry={() => void refetch()} />
    );
  return (
    <div className={s.root}>
      <PageHeading title="Notifications">
        <Text>
          Choose how the portal tells you of each event: in the Teams activity feed, by e-mail, both or not at
          all.
        </Text>
      </PageHeading>
      {!data.teamsEnabled ? (
        <MessageBar intent="info">
          <MessageBarBody>
            Teams notifications are not set up for this portal yet: everything you choose to get in Teams
            comes by e-mail until they are.
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <SimpleTable
        aria-label="Notification choices"
        className={s.table}
        headers={['Event', 'Notify me by']}
        rows={data.preferences}
        rowKey={(p) => p.event}
        cells={(p) => {
          const info = NOTIFICATION_EVENT_INFO[p.event];
          const id = `notification-${p.event}`;
          return [
            <>
              <Text id={id} weight="semibold">
                {info.label}
              </Text>
              <Text size={200} className={s.who}>
                {info.who}
                {p.workflowMail ? ' — its e-mail is always sent' : ''}
              </Text>
            </>,
            <Dropdown
              className={s.dropdown}
              aria-labelledby={id}
              value={CHANNEL_LABELS[p.channel]}
              selectedOptions={[p.channel]}
              disabled={choose.isPending && choose.variables?.event === p.event}
              onOptionSelect={(_, d) => {
                const channel = d.optionValue as NotificationChannel | undefined;
                if (channel && channel !== p.channel) choose.mutate({ event: p.event, channel });
              }}
            >
              {channelsFor(p.event).map((c) => (
                <Option key={c} value={c}>
                  {CHANNEL_LABELS[c]}
                </Option>
              ))}
            </Dropdown>,
          ];
        }}
      />
      <section aria-labelledby="recent-notifications">
        <Text as="h2" size={500} weight="semibold" id="recent-notifications">
          Latest notifications
        </Text>
        {data.recent.length === 0 ? (
          <Text as="p">No notifications yet.</Text>
        ) : (
          <SimpleTable
            aria-labelledby="recent-notifications"
            className={s.table}
            headers={['When', 'Notification', 'Sent by']}
            rows={data.recent}
            rowKey={(n) => n.id}
            cells={(n) => [
              formatDate(n.createdAt, 'dd MMM yyyy'),
              <Link href={n.path} onClick={(e) => (e.preventDefault(), navigate(n.path))}>
                {n.title}
              </Link>,
              <>
                {n.mailed ? <Badge appearance="tint">E-mail</Badge> : null}{' '}
                {n.teams ? (
                  <Badge
                    appearance="tint"
                    color={n.teams === 'sent' ? 'success' : n.teams === 'pending' ? 'informative' : 'warning'}
                  >
                    {TEAMS_STATE[n.teams]}
                  </Badge>
                ) : null}
              </>,
            ]}
          />
        )}
      </section>
    </div>
  );
}
