import { AdminScreen } from './AdminScreen';

// Admin screens of later issues (spec 002 §2.9–2.11): each moves to its own folder when it is built.
export const AdminProjectsPage = () => <AdminScreen title="Admin Projects" />;
export const AllocationSupervisionPage = () => <AdminScreen title="Allocation Supervision" />;
export const PdcSupervisionPage = () => <AdminScreen title="PDC Supervision" />;
export const SetupAssessmentSupervisionPage = () => <AdminScreen title="Setup Assessment Supervision" />;
export const IdOnePage = () => <AdminScreen title="ID One Accredited Centre" />;
export const KnmChecklistPage = () => <AdminScreen title="KNM Project Check List" />;
export const KnmClientsPage = () => <AdminScreen title="KNM Project Client" />;
export const KnmCatalogsPage = () => <AdminScreen title="KNM Catalogs" />;
export const KnmReportsPage = () => <AdminScreen title="KNM Reports" />;
