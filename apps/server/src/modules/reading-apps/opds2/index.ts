export { opds2Routes } from './opds2.routes';
export { createOpds2Service } from './opds2.service';
