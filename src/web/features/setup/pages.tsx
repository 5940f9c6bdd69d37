import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui';

/**
 * Setup pages (spec 001 §2). Each screen's content is built by its own issue; until then the route
 * opens with its title, banner and the project header.
 */
function SetupScreen({ title }: { title: string }) {
  return (
    <section aria-labelledby="page-title">
      <PageHeading banner="SETUP" title={title} />
      <Text>The {title} screen of this project.</Text>
    </section>
  );
}

export const ClientPage = () => <SetupScreen title="Client" />;
export const ProjectPage = () => <SetupScreen title="Project" />;
export const ClientPastProjectsPage = () => <SetupScreen title="Client Past Projects" />;
export const StakeholdersPage = () => <SetupScreen title="Stakeholders" />;
export const SetupProfessionalDnaPage = () => <SetupScreen title="Professional DNA" />;
export const RolesPage = () => <SetupScreen title="Roles and Responsibilities" />;
export const FinalizationPage = () => <SetupScreen title="Setup Finalization" />;
export const AssessmentPage = () => <SetupScreen title="Setup Assessment" />;
