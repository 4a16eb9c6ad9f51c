export { auditRoutes } from './audit.routes';
export {
  auditChanges,
  auditNothingChanged,
  auditOf,
  auditPlugin,
  auditTarget,
  changesBetween,
  recordAuditEntry,
  recordAuditEvent,
  type AuditContext,
} from './audit';
export { createAuditService, type AuditService } from './audit.service';
