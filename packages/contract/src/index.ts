export * from './constants';
export * from './error-codes';
export * from './errors';
export * from './auth';
export * from './notifications';
export * from './site';
export * from './paths';
