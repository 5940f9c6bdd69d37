import { useState } from 'react';
import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { TEAM_AVATARS_SHOWN } from '@domain/constants';
import type { TeamMember } from '@domain/contract';
import { getHost } from '@web/host';
import { PersonAvatar } from '@web/ui/PersonAvatar';
import { ModalDialog } from '@web/ui/dialog';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, flexWrap: 'wrap' },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  who: { display: 'flex', flexDirection: 'column' },
});

/** A team member's avatar: a click opens a chat with them (001 §2 "Avatars link to a chat with the member"). */
function MemberAvatar({ member, size }: { member: TeamMember; size: 32 | 36 }) {
  const p = member.professional;
  return (
    <PersonAvatar person={p} size={size} onClick={p.email ? () => getHost().openChat(p.email!) : undefined} />
  );
}

/** The team: the first 6 avatars, then "+N" opening a dialog listing everyone (001 §2, §9). */
export function TeamAvatars({ team }: { team: readonly TeamMember[] }) {
  const s = useStyles();
  const [open, setOpen] = useState(false);
  const shown = team.slice(0, TEAM_AVATARS_SHOWN);
  const more = team.length - shown.length;
  return (
    <div className={s.row}>
      {shown.map((m) => (
        <MemberAvatar key={m.id} member={m} size={32} />
      ))}
      {more > 0 ? (
        <Button
          shape="circular"
          size="small"
          aria-label={`Show all ${team.length} team members`}
          onClick={() => setOpen(true)}
        >
          +{more}
        </Button>
      ) : null}
      {open ? (
        <ModalDialog title="Team" closeLabel="Close" onClose={() => setOpen(false)}>
          <ul className={s.list} aria-label="Team members">
            {team.map((m) => (
              <li key={m.id} className={s.item}>
                <MemberAvatar member={m} size={36} />
                <span className={s.who}>
                  <Text weight="semibold">{m.professional.name}</Text>
                  <Text size={200}>
                    {m.isManager
                      ? 'Project Manager'
                      : m.isPartner
                        ? 'Partner'
                        : (m.professional.jobTitle?.name ?? '')}
                  </Text>
                </span>
              </li>
            ))}
          </ul>
        </ModalDialog>
      ) : null}
    </div>
  );
}
