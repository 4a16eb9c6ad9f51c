export * from './constants';
export * from './errors';
export * from './auth';
export * from './notifications';
export * from './site';
export * from './paths';
