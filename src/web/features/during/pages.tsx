import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui';

/** During pages (spec 001 §2, 002 §2.5). Each screen's content is built by its own issue. */
function DuringScreen({ title }: { title: string }) {
  return (
    <section>
      <PageHeading banner="DURING" title={title} />
      <Text>The {title} screen of this project.</Text>
    </section>
  );
}

export const DuringProfessionalDnaPage = () => <DuringScreen title="Professional DNA" />;
export const OnePagePage = () => <DuringScreen title="One-Page" />;
export const ProjectSessionPage = () => <DuringScreen title="Project Session" />;
export const WeeklyStatusPage = () => <DuringScreen title="Weekly Status" />;
export const DashboardArchivePage = () => <DuringScreen title="Dashboard Archive" />;
