export { auditRoutes } from './audit.routes';
export { auditNothingChanged, auditPlugin, auditTarget, recordAuditEvent } from './audit';
export { createAuditService, type AuditService } from './audit.service';
