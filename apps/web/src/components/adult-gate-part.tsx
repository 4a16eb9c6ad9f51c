import { ApiError } from '../lib/api-client';
import { lazyPart } from '../lib/lazy-part';

/** Whether a failed series or chapter call is the adult gate (the series is marked Adult, decision 0041). */
export const isAdultGate = (error: unknown) => error instanceof ApiError && error.code === 'adult_content';

/**
 * The gate of a series marked Adult (adult-gate.tsx), in place of its page or its chapter's: a
 * chunk of its own, fetched only where such a series is asked for, so the other series' pages do
 * not load it (issue 35's JavaScript budget). A gate the server drew is here before hydrating.
 */
export const AdultGate = lazyPart('adult-gate', () => import('./adult-gate').then((module) => module.AdultGate));
