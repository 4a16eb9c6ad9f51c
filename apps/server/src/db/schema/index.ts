// The database schema, one file per area that owns the tables. The code imports it from here
// (`db/schema`) and drizzle-kit reads this file: a table not exported here gets no migration.
// Foreign keys point one way between the files (users and catalogue first), so none imports in a cycle.
export * from './users';
export * from './catalogue';
export * from './metrics';
export * from './store';
export * from './coins';
export * from './library';
export * from './notifications';
export * from './community';
export * from './site';
export * from './shelf';
export * from './push';
export * from './teamwork';
export * from './memberships';
export * from './reading-life';
