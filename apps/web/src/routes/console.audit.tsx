import { AuditLogPage } from '../features/console/audit/AuditLogPage';

export default function ConsoleAuditLogPageRoute() {
  return <AuditLogPage />;
}
