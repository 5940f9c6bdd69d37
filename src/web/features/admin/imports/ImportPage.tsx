import { AdminScreen } from '../AdminScreen';

export default function Page() {
  return <AdminScreen title="Import">{null}</AdminScreen>;
}
