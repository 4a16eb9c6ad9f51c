export { auditRoutes } from './audit.routes';
export { auditPlugin, auditTarget, recordAuditEvent } from './audit';
