import { useSearchParams } from 'react-router-dom';
import { Tabs } from '@web/ui';
import { AdminScreen } from '../AdminScreen';
import { PeopleList } from './PeopleList';
import { ProvisioningPanel } from './ProvisioningPanel';

type Tab = 'people' | 'provisioning';
const TABS = [
  ['people', 'People'],
  ['provisioning', 'Provisioning'],
] as const;

/**
 * Admin › People (administrators): every professional — active and inactive, with their source — searched and
 * paged on the server, people added by hand; and Provisioning: whether Microsoft Entra ID is connected, its
 * tokens, the groups with the scopes each grants, and the last provisioning requests. `?tab=provisioning` opens it.
 */
export default function PeoplePage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'provisioning' ? 'provisioning' : 'people';
  const select = (t: Tab) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (t === 'people') next.delete('tab');
        else next.set('tab', t);
        return next;
      },
      { replace: true },
    );
  return (
    <AdminScreen title="People">
      <Tabs label="People" tabs={TABS} selected={tab} onSelect={select}>
        {tab === 'people' ? <PeopleList /> : <ProvisioningPanel />}
      </Tabs>
    </AdminScreen>
  );
}
