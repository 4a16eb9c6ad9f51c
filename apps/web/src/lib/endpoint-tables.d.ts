// The contract's endpoint table in the build's parts (build/contract-tables.ts, endpointTables): the
// readers' endpoints, the later screens' and the team's. An ambient module cannot import a path, hence the import() type.
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:inkwell-endpoints/*' {
  const table: Readonly<Record<string, import('@inkwell/contract').RouteDef>>;
  export default table;
}
