import type { ReactNode } from 'react';
import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui/PageHeading';

/** An admin screen: its heading, then its content (screens of later issues: a one-line description). */
export function AdminScreen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section>
      <PageHeading title={title} />
      {children ?? <Text>The {title} screen.</Text>}
    </section>
  );
}
