import { startServer } from './server';

export default async function globalSetup() {
  const stop = await startServer();
  return stop;
}
