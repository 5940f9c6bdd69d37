import { Button, Card, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { support } from '@web/api/endpoints/support';
import { apiPath } from '@web/api/endpoint';
import { getHost } from '@web/host';
import { ModalDialog } from '@web/ui/dialog';
import { useNotifyingMutation } from '@web/ui/mutation';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  card: { padding: tokens.spacingVerticalM, gap: tokens.spacingVerticalXS },
  downloads: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    marginTop: tokens.spacingVerticalL,
  },
});

/** Contact cards (spec 000 §2.8); addresses are the firm's mailboxes (configurable at build time). */
const CONTACTS: { title: string; email: string; monday?: boolean }[] = [
  { title: 'Suggestions/Others', email: 'portal.suggestions@example.com', monday: true },
  { title: 'Allocation', email: 'allocation@example.com' },
  { title: 'System Issue', email: 'it.support@example.com' },
  { title: 'Marketing', email: 'marketing@example.com' },
  { title: 'Knowledge Management', email: 'knowledge.management@example.com' },
  { title: 'TECH.LAB', email: 'techlab@example.com', monday: true },
];

export const SUPPORT_DOWNLOADS: [string, string][] = [
  ['Powerpoint Upgrade', 'powerpoint-upgrade'],
  ['Newsletters and Email Marketing', 'newsletters-email-marketing'],
  ['Deliveries and Workshop Materials', 'deliveries-workshop-materials'],
  ['Closing Letters and Gifts', 'closing-letters-gifts'],
  ['Binders Books and Folders', 'binders-books-folders'],
  ['Ambience', 'ambience'],
  ['Visual Identity', 'visual-identity'],
];

export function SupportDialog({ onClose }: { onClose: () => void }) {
  const s = useStyles();
  const download = useNotifyingMutation({
    mutationFn: ([label, slug]: [string, string]) =>
      getHost().download(apiPath(support.document, { params: { slug } }), `${label}.pdf`),
    error: 'Something went wrong',
  });
  return (
    <ModalDialog title="Project Support" width={900} closeLabel="Close" onClose={onClose}>
      <div className={s.grid}>
        {CONTACTS.map((c) => (
          <Card key={c.title} className={s.card}>
            <Text weight="semibold">{c.title}</Text>
            <Link
              href={`mailto:${c.email}`}
              onClick={(e) => {
                e.preventDefault();
                getHost().openLink(`mailto:${c.email}`);
              }}
            >
              Contact by e-mail: {c.email}
            </Link>
            {c.monday ? <Text size={200}>A reply is expected next Monday.</Text> : null}
          </Card>
        ))}
      </div>
      <div className={s.downloads}>
        {SUPPORT_DOWNLOADS.map(([label, slug]) => (
          <Button key={slug} icon={<ArrowDownloadRegular />} onClick={() => download.mutate([label, slug])}>
            {label}
          </Button>
        ))}
      </div>
    </ModalDialog>
  );
}
