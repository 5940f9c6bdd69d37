import { useState } from 'react';
import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { ConfirmDialog, ErrorState, LoadingState, Tabs, useNotifyingMutation } from '@web/ui';
import { AutosaveTextField, useRecordVersion } from '@web/ui/autosave';
import { useContents, useCreateContent, type ContentBlock, type ContentType } from './api/contents';
import { putContent, useContentCache, useDeleteContent } from './api/content';
import { SECTIONS } from './sections';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  blocks: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  block: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  fields: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  note: { color: tokens.colorNeutralForeground3 },
});

type Section = (typeof SECTIONS)[number];

/** One block: its texts autosave 3 s after typing (001 §9), one If-Match version shared by its fields. */
function Block({
  id,
  section,
  block,
  index,
  editable,
  onDelete,
}: {
  id: number;
  section: Section;
  block: ContentBlock;
  index: number;
  editable: boolean;
  onDelete: () => void;
}) {
  const s = useStyles();
  const version = useRecordVersion(block.version);
  const cache = useContentCache(id, section.type);
  const label = `${section.tab} ${index + 1}`;
  return (
    <Card className={s.block} role="group" aria-label={label}>
      <div className={s.head}>
        <Text weight="semibold">{index + 1}.</Text>
        {editable ? (
          <Button
            appearance="subtle"
            icon={<DeleteRegular />}
            aria-label={`Delete ${label}`}
            onClick={onDelete}
          />
        ) : null}
      </div>
      <div className={s.fields}>
        {section.fields.map((f) => (
          <AutosaveTextField
            key={f.key}
            label={f.label}
            value={block[f.key]}
            multiline={f.multiline}
            rows={3}
            readOnly={!editable}
            version={version}
            fromRecord={(r: ContentBlock) => r[f.key]}
            onSave={async (value, ctx) => {
              const saved = await putContent(block.id, { [f.key]: value }, ctx);
              cache(saved);
              return saved;
            }}
          />
        ))}
      </div>
    </Card>
  );
}

/** One tab: the section's blocks with add / delete while editable. */
function SectionBlocks({ id, section, editable }: { id: number; section: Section; editable: boolean }) {
  const s = useStyles();
  const q = useContents(id, section.type);
  const create = useCreateContent(id, section.type);
  const remove = useDeleteContent(id, section.type);
  const add = useNotifyingMutation({
    mutationFn: () => create.mutateAsync({ orderPosition: q.data?.length ?? 0 }),
    success: 'Added with success.',
    error: 'Something went wrong',
  });
  const del = useNotifyingMutation({
    mutationFn: (b: ContentBlock) => remove.mutateAsync(b),
    success: 'Saved',
    error: 'Something went wrong',
  });
  const [deleting, setDeleting] = useState<ContentBlock | null>(null);
  if (q.isLoading) return <LoadingState />;
  if (q.error) return <ErrorState message={(q.error as Error).message} onRetry={() => void q.refetch()} />;
  const blocks = q.data ?? [];
  return (
    <div className={s.root}>
      <div className={s.blocks}>
        {blocks.length === 0 ? <Text className={s.note}>Nothing here yet.</Text> : null}
        {blocks.map((b, i) => (
          <Block
            key={b.id}
            id={id}
            section={section}
            block={b}
            index={i}
            editable={editable}
            onDelete={() => setDeleting(b)}
          />
        ))}
      </div>
      {editable ? (
        <div>
          <Button icon={<AddRegular />} disabled={add.isPending} onClick={() => add.mutate()}>
            Add
          </Button>
        </div>
      ) : null}
      <ConfirmDialog
        open={!!deleting}
        title="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) await del.mutateAsync(deleting).catch(() => undefined);
          setDeleting(null);
        }}
      >
        Are you sure you want to delete this item?
      </ConfirmDialog>
    </div>
  );
}

/** Step 2 "Weekly Status Details": the five tabs (spec 001 §2). */
const SECTION_TABS = SECTIONS.map((x) => [x.type, x.tab] as const);

export function DetailsTabs({ id, editable }: { id: number; editable: boolean }) {
  const s = useStyles();
  const [tab, setTab] = useState<ContentType>(1);
  const section = SECTIONS.find((x) => x.type === tab)!;
  return (
    <div className={s.root}>
      <Tabs label="Weekly Status Details" tabs={SECTION_TABS} selected={tab} onSelect={setTab}>
        <SectionBlocks key={tab} id={id} section={section} editable={editable} />
      </Tabs>
    </div>
  );
}
