// Bundles the server (and the contract it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/user.ts', 'cli-import': 'src/cli/import.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract is our own TypeScript: bundle it rather than import it at run time (its index, and
  // its subpaths such as message-catalogues, which lib/i18n.ts imports).
  alias: { '@inkwell/contract': '../../packages/contract/src' },
  logLevel: 'warning',
});
