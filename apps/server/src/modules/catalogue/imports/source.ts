import type { PlanReader } from './execute';

// TEMPORARY until read/index.ts lands.
export const readImportSource: PlanReader = async () => {
  throw new Error('the read side is not there yet');
};
