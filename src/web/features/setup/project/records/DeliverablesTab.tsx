import { DeliverablesGrid } from '@web/ui/session-records';

/** Setup › Project › Deliverables (001 §2, §3: deliverable, detail): the setup session's grid (shared with the Project Session dialog). */
export default function DeliverablesTab(props: { projectId: number; sessionId: number; canEdit: boolean }) {
  return <DeliverablesGrid {...props} />;
}
