import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui';

/** Reports page (spec 002 §2.11); the report cards come with the reports issue. */
export function ReportsPage() {
  return (
    <section>
      <PageHeading title="Reports" />
      <Text>Excel reports of the portal.</Text>
    </section>
  );
}
