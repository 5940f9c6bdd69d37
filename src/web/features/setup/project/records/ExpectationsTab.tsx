import { ExpectationsGrid } from '@web/ui/session-records';

/** Setup › Project › Client Expectations (001 §2, §3: stakeholder, expectation, observation): the setup session's grid (shared with the Project Session dialog). */
export default function ExpectationsTab(props: { projectId: number; sessionId: number; canEdit: boolean }) {
  return <ExpectationsGrid {...props} />;
}
