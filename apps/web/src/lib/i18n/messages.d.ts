// The build's compiled catalogues (build/contract-tables.ts, interfaceMessages). An ambient module cannot
// import a relative path, hence the import() types.
/* eslint-disable @typescript-eslint/consistent-type-imports */
declare module 'virtual:inkwell-messages/*' {
  const messages: import('./message-runtime').CompiledMessages;
  export default messages;
}
/** One namespace's chunk in each interface language (i18n.ts, NamespaceLoaders). */
declare module 'virtual:inkwell-namespace/*' {
  const loaders: Record<string, () => Promise<{ default: import('./message-runtime').CompiledMessages }>>;
  export default loaders;
}
