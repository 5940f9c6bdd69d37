import { useNavigate } from 'react-router-dom';
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { paths } from '@web/app/navigation';
import { AdminScreen } from '../AdminScreen';

const useStyles = makeStyles({
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM },
});

/** KNM landing page (spec 002 §2.2): two buttons, 'KNM - Check List' and 'KNM - Clients'. */
export default function KnmHomePage() {
  const s = useStyles();
  const navigate = useNavigate();
  return (
    <AdminScreen title="KNM">
      <div className={s.buttons}>
        <Button appearance="primary" onClick={() => navigate(paths.admin.knmChecklist())}>
          KNM - Check List
        </Button>
        <Button appearance="primary" onClick={() => navigate(paths.admin.knmClients())}>
          KNM - Clients
        </Button>
      </div>
    </AdminScreen>
  );
}
