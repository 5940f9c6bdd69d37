import { Text } from '@fluentui/react-components';

/** /admin and /admin/dashboard: the spec's placeholder showing only the text AdminDashboard (002 §2.1). */
export default function AdminDashboardPage() {
  return (
    <section>
      <Text as="h1" size={600}>
        AdminDashboard
      </Text>
    </section>
  );
}
