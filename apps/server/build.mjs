// Bundles the server (and the contract it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', cli: 'src/cli/user.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // The contract is our own TypeScript: bundle it rather than import it at run time.
  alias: { '@inkwell/contract': '../../packages/contract/src/index.ts' },
  logLevel: 'warning',
});
