import { ErrorState, PortalDataGrid, formatDate } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { useMailOutbox, type OutboxMessage } from './api/mail-outbox';

/** The mail outbox (Admin): every e-mail the portal queued, and whether it was delivered. */
export default function MailOutboxPage() {
  const { data, isLoading, error, refetch } = useMailOutbox();
  return (
    <AdminScreen title="Mail Outbox">
      {error ? <ErrorState message={(error as Error).message} onRetry={() => void refetch()} /> : null}
      <PortalDataGrid<OutboxMessage>
        ariaLabel="Mail outbox"
        rows={data}
        loading={isLoading}
        getRowId={(r) => r.id}
        search
        pageSize={50}
        emptyText="No e-mails yet"
        columns={[
          {
            key: 'createdAt',
            title: 'Created',
            value: (r) => r.createdAt,
            render: (r) => formatDate(r.createdAt, 'dd MMM yyyy'),
          },
          { key: 'to', title: 'To' },
          { key: 'subject', title: 'Subject' },
          {
            key: 'sentAt',
            title: 'Sent',
            value: (r) =>
              r.sentAt ? formatDate(r.sentAt, 'dd MMM yyyy') : r.error ? `Failed: ${r.error}` : 'Pending',
          },
        ]}
      />
    </AdminScreen>
  );
}
