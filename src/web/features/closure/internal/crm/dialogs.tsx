import { Text, makeStyles } from '@fluentui/react-components';
import { ModalDialog } from '@web/ui/dialog';
import classificationInfo from './classification-info.svg';

const useStyles = makeStyles({ image: { maxWidth: '100%', height: 'auto' } });

/** The privacy warning shown when the CRM tab opens (002 §2.6), closed with Close. */
export function PrivacyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} title="Privacy warning" closeLabel="Close" onClose={onClose}>
      <Text>
        The CRM holds personal data of the client&apos;s people. Record only professional information that is
        needed for the relationship with the client, never sensitive data, and keep it accurate. Contacts are
        shared with the firm&apos;s CRM and reviewed by the project&apos;s director or partner.
      </Text>
    </ModalDialog>
  );
}

/** The classification-info image (002 §2.6), closed with Fechar. */
export function ClassificationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const s = useStyles();
  return (
    <ModalDialog open={open} title="CRM Classification" width="large" closeLabel="Fechar" onClose={onClose}>
      <img className={s.image} src={classificationInfo} alt="CRM classifications of client stakeholders" />
    </ModalDialog>
  );
}
