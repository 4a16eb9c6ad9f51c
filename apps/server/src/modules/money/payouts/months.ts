/** The UTC month `YYYY-MM` holds, as [start, end). */
export function monthRange(month: string): { from: Date; to: Date } {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
}

/** The UTC month of a moment, `YYYY-MM`. */
export const monthOf = (moment: Date) => moment.toISOString().slice(0, 7);
