import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from './error-codes';

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  error: z.object({
    code: errorCodeSchema,
    /** Which message this is (an `apiErrors.*` catalogue id, decision 0040); `message` is it in the request's language. */
    reason: z.string(),
    /** The values the message was filled with, if any. */
    values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    message: z.string(),
    /** Per-field messages for validation_failed, keyed by the field's dotted path. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** The success envelope of DESIGN.md §4. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}
