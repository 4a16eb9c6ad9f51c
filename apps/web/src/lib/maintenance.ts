/**
 * Maintenance mode (issue 10 §2): the API answers a visitor's or reader's calls 503 `maintenance`
 * while an admin has it on. The fetch layer reports such an answer here, and the shell (listening
 * through lib/site-settings) switches to the maintenance page at once, whichever call saw it.
 */
type Listener = (message: string) => void;
const listeners = new Set<Listener>();

export function onMaintenanceAnswer(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function reportMaintenanceAnswer(message: string): void {
  for (const listener of listeners) listener(message);
}
