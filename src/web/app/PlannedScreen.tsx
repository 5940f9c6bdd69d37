import { useLocation } from 'react-router-dom';
import { Text } from '@fluentui/react-components';
import { PageHeading } from '@web/ui/PageHeading';
import { pageFor, type Area } from './navigation';

const BANNERS: Partial<Record<Area, string>> = { setup: 'SETUP', during: 'DURING', closure: 'CLOSURE' };

/**
 * A screen of a later issue: its heading (the phase banner and the title, both from the navigation tree) and
 * one line saying what it will hold. Each screen gets its own folder when it is built.
 */
export default function PlannedScreen() {
  const page = pageFor(useLocation().pathname);
  if (!page) return null;
  const inProject = page.path.startsWith('/project/');
  return (
    <section>
      <PageHeading banner={BANNERS[page.area]} title={page.title} />
      <Text>
        The {page.title} screen{inProject ? ' of this project' : ''}.
      </Text>
    </section>
  );
}
