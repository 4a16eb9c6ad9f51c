export { auditRoutes } from './audit.routes';
export { auditOf, auditPlugin, changesBetween, recordAuditEntry, type AuditContext } from './audit';
export { createAuditService } from './audit.service';
export { anonymiseAuditOf } from './commands/account-erasure';
