export { opds2Routes } from './opds2.routes';
export { OPDS2_ROOT } from './opds2.format';
export { createOpds2Service, type Opds2Service } from './opds2.service';
