import { useState } from 'react';
import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  CheckmarkCircleFilled,
  DismissCircleFilled,
  DismissRegular,
  InfoRegular,
} from '@fluentui/react-icons';
import { ProjectStatusIcon } from '@web/ui/status';
import type { ProjectDetail } from '../api/get-project';
import { useKpis } from '@web/api/project';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    marginBottom: tokens.spacingVerticalM,
  },
  done: { color: tokens.colorPaletteGreenForeground1, fontSize: '20px' },
  notDone: { color: tokens.colorPaletteRedForeground1, fontSize: '20px' },
});

/** The overview on mobile (spec 000 §2.5): a drawer with the status icon, the code and One Page Submitted. */
export function MobileOverview({ project }: { project: ProjectDetail | undefined }) {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  const kpis = useKpis(project?.id ?? 0);
  if (!project) return null;
  const done = kpis.data?.onePageSubmitted ?? false;
  return (
    <>
      <Button
        appearance="subtle"
        icon={<InfoRegular />}
        aria-label="Project overview"
        onClick={() => setOpen(true)}
      />
      <OverlayDrawer
        open={open}
        position="end"
        onOpenChange={(_, d) => setOpen(d.open)}
        aria-label="Project overview"
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                aria-label="Close"
                icon={<DismissRegular />}
                onClick={() => setOpen(false)}
              />
            }
          >
            Project overview
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody>
          <div className={s.row}>
            <ProjectStatusIcon idStatus={project.idStatus} />
            <Text weight="semibold">{project.code}</Text>
          </div>
          <div
            className={s.row}
            role="status"
            aria-label={`One Page Submitted: ${done ? 'done' : 'not done'}`}
          >
            {done ? (
              <CheckmarkCircleFilled className={s.done} />
            ) : (
              <DismissCircleFilled className={s.notDone} />
            )}
            <Text>One Page Submitted</Text>
          </div>
        </DrawerBody>
      </OverlayDrawer>
    </>
  );
}
