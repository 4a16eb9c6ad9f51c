export { opds2Routes } from './opds2.routes';
export { createOpds2Service, OPDS2_ROOT, type Opds2Service } from './opds2.service';
