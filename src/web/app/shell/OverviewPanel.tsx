import { useState } from 'react';
import { Button, Text, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { PanelRightContractRegular, PanelRightExpandRegular } from '@fluentui/react-icons';
import { OVERVIEW_PANEL_COLLAPSED_PX, OVERVIEW_PANEL_MAX_WIDTH_PX, OVERVIEW_PANEL_WIDTH_PERCENT, TEAM_PANEL_SCROLL_PX } from '@domain/constants';
import { PersonAvatar, ProjectStatusIcon } from '@web/ui';
import { getHost } from '@web/host';
import type { ProjectDetail } from '@web/features/projects/api/get-project';

const useStyles = makeStyles({
  panel: {
    flexShrink: 0,
    width: `${OVERVIEW_PANEL_WIDTH_PERCENT}%`,
    maxWidth: `${OVERVIEW_PANEL_MAX_WIDTH_PX}px`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    boxSizing: 'border-box',
  },
  collapsed: { width: `${OVERVIEW_PANEL_COLLAPSED_PX}px`, alignItems: 'center', paddingLeft: tokens.spacingHorizontalS, paddingRight: tokens.spacingHorizontalS },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  team: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, maxHeight: `${TEAM_PANEL_SCROLL_PX}px`, overflowY: 'auto', padding: '2px' },
  grow: { flexGrow: 1, minWidth: 0 },
});

/**
 * The right project overview panel (spec 000 §2.5): collapsible (25 % up to 500 px; 80 px collapsed);
 * status icon, name, code and team avatars linking to a chat with each member.
 */
export function OverviewPanel({ project }: { project: ProjectDetail | undefined }) {
  const s = useStyles();
  const [expanded, setExpanded] = useState(true);
  const host = getHost();
  return (
    <aside className={mergeClasses(s.panel, !expanded && s.collapsed)} aria-label="Project overview">
      <div className={s.top}>
        {project ? <ProjectStatusIcon idStatus={project.idStatus} /> : null}
        {expanded && project ? (
          <div className={s.grow}>
            <Text as="h2" weight="semibold" block truncate wrap={false}>
              {project.name}
            </Text>
            <Text size={200} block>
              {project.code}
            </Text>
          </div>
        ) : null}
        <Tooltip content={expanded ? 'Collapse overview' : 'Expand overview'} relationship="label">
          <Button appearance="subtle" icon={expanded ? <PanelRightContractRegular /> : <PanelRightExpandRegular />} onClick={() => setExpanded(!expanded)} aria-expanded={expanded} />
        </Tooltip>
      </div>
      {expanded && project ? (
        <section aria-label="Team">
          <Text size={200} weight="semibold" block>
            Team
          </Text>
          <div className={s.team}>
            {project.projectTeam.map((m) => (
              <PersonAvatar key={m.id} person={m.professional} size={36} href={host.chatUrl(m.professional.email)} />
            ))}
          </div>
        </section>
      ) : null}
    </aside>
  );
}
