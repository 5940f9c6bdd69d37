import { Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { getHost } from '@web/host';
import { paths } from '@web/app/navigation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** Decided (the spec has no message for it): what a meeting surface says when the project has no open session. */
export const NO_OPEN_SESSION_MESSAGE = 'This project has no open project session.';

/**
 * No open session (001 §4: every session is submitted, or there is none): the sentence and, where the person can
 * act, a link that opens the project's Project Session page in the tab (outside the side panel) to add one.
 */
export function NoOpenSession({
  projectId,
  link,
  size,
}: {
  projectId: number;
  link: boolean;
  size?: 400 | 600;
}) {
  const s = useStyles();
  const host = getHost();
  const page = paths.project.during.projectSession(projectId);
  return (
    <div className={s.root} role="status">
      <Text size={size}>{NO_OPEN_SESSION_MESSAGE}</Text>
      {link ? (
        <Link
          href={host.deepLink(page)}
          onClick={(e) => {
            e.preventDefault();
            host.openLink(page);
          }}
        >
          Open Project Session in the tab
        </Link>
      ) : null}
    </div>
  );
}
