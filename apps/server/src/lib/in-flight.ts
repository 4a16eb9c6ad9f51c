/**
 * Work started and not yet settled, so that something can wait for all of it: a drain that must
 * see jobs still being handed to the queue, a close that must let reset links and change messages
 * finish sending.
 */
export function createInFlight() {
  const pending = new Set<Promise<unknown>>();
  return {
    /** Keeps the work until it settles; answers it as it is (its value, or its failure). */
    async track<T>(work: Promise<T>): Promise<T> {
      pending.add(work);
      try {
        return await work;
      } finally {
        pending.delete(work);
      }
    },
    /** How many are unsettled now. */
    size: () => pending.size,
    /** Resolves once everything tracked now has settled, failed or not. */
    settled: async (): Promise<void> => {
      await Promise.allSettled([...pending]);
    },
  };
}
