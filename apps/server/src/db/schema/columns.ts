import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database on insert; nearly every table of every area has one. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
