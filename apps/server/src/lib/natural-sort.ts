const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** "page2" before "page10", whatever the case: the order people number files in. */
export const naturalCompare = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
