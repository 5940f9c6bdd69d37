import { RisksGrid } from '@web/ui/session-records';

/** Setup › Project › Risks (001 §2, §3: risk, status dot Green, Yellow, Red, Blue, Legacy, observation): the setup session's grid (shared with the Project Session dialog). */
export default function RisksTab(props: { projectId: number; sessionId: number; canEdit: boolean }) {
  return <RisksGrid {...props} />;
}
