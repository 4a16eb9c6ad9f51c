export { auditRoutes } from './audit.routes';
export { auditChanges, auditNothingChanged, auditPlugin, auditTarget, changesBetween, recordAuditEvent } from './audit';
export { createAuditService, type AuditService } from './audit.service';
