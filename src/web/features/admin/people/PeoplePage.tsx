import { AdminScreen } from '../AdminScreen';

export default function Page() {
  return <AdminScreen title="People">{null}</AdminScreen>;
}
