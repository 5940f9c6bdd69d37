import { AdminScreen } from '../AdminScreen';

export default function Page() {
  return <AdminScreen title="Master data">{null}</AdminScreen>;
}
