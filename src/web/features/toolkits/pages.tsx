import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui';

/** Toolkits (spec 000 §2.10): titled SETUP, heading "Toolkits". The grid and dialogs come with the Projects issue. */
export function ToolkitsPage() {
  return (
    <section>
      <PageHeading banner="SETUP" title="Toolkits" />
      <Text>The toolkits of this project.</Text>
    </section>
  );
}
