import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui';

/** Closure pages (spec 002 §2.4, §2.6). Each screen's content is built by its own issue. */
function ClosureScreen({ title }: { title: string }) {
  return (
    <section>
      <PageHeading banner="CLOSURE" title={title} />
      <Text>The {title} screen of this project.</Text>
    </section>
  );
}

export const ClosureClientPage = () => <ClosureScreen title="Closure With Client" />;
export const ClosureInternalPage = () => <ClosureScreen title="Closure Internal" />;
