import { AdminScreen } from '../AdminScreen';

export default function Page() {
  return <AdminScreen title="Person">{null}</AdminScreen>;
}
