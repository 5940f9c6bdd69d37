import type { ReactNode } from 'react';
import { PageHeading } from '@web/ui/PageHeading';

/** An admin screen: its heading, then its content. */
export function AdminScreen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <PageHeading title={title} />
      {children}
    </section>
  );
}
