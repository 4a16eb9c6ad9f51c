import { z } from 'zod';
import { paginationSchema } from './catalogue';
import { envelope } from './errors';
import { stripBidiControls } from './text';

/** Comments under chapters and series (DESIGN §4): plain text, one level of replies. */

export const COMMENT_MAX_CHARS = 5000;
/** How long after posting a comment may be edited. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;
/** A few comments a minute per reader; more is 429. */
export const COMMENT_RATE_LIMIT = 5;
export const COMMENT_RATE_WINDOW_MS = 60_000;
/** Reports a reader may send in a window (a report is once per comment; this stops a sweep). */
export const COMMENT_REPORT_LIMIT = 20;
export const COMMENT_REPORT_WINDOW_MS = 10 * 60_000;
/** Top-level comments per page (each with all its replies). */
export const COMMENTS_PAGE_SIZE = 20;
/**
 * What a deleted comment that still has replies says: the row stays so the thread reads on
 * (`isDeleted`, no author shown); it goes for good with its last reply.
 */
export const COMMENT_DELETED_BODY = '[deleted]';

const pageQuery = z.coerce
  .number({ error: 'validation.pageNumber' })
  .int()
  .min(1, 'validation.pageStartsAtOne')
  .max(100_000)
  .default(1);

const authorSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(['reader', 'editor', 'admin']),
  avatarUrl: z.string().nullable(),
  /** Bumped whenever the avatar changes (issue 36 §1): part of the image's address, so no cache shows an old one. */
  avatarVersion: z.number().int().nonnegative().optional(),
  /** A few words the author wrote about themself (issue 36 §1), plain text; '' when none. */
  bio: z.string().optional(),
});

const commentBaseSchema = z.object({
  id: z.uuid(),
  /** Plain text exactly as written; the client renders it as text and makes links clickable. */
  body: z.string(),
  author: authorSchema,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  parentId: z.uuid().nullable(),
  isSpoiler: z.boolean(),
  /** Whether the viewer wrote it (and may edit it while the window lasts, or delete it). */
  isMine: z.boolean(),
  canEditUntil: z.string().nullable(),
  /** Deleted by its author while it had replies: only the replies are left to read. */
  isDeleted: z.boolean(),
});
export const commentReplySchema = commentBaseSchema;
export const commentSchema = commentBaseSchema.extend({
  replies: z.array(commentReplySchema),
  replyCount: z.number().int(),
});
export type Comment = z.infer<typeof commentSchema>;
export type CommentReply = z.infer<typeof commentReplySchema>;

export const commentListQuerySchema = z.object({
  sort: z.enum(['newest', 'oldest'], { error: 'validation.commentSortChoice' }).default('newest'),
  page: pageQuery,
});
export const commentListResponseSchema = envelope(
  z.object({
    items: z.array(commentSchema),
    /** Threads (top-level comments): what the pages count. */
    pagination: paginationSchema,
    /** Every visible comment, replies included: what the section's header says (issue 21 §1). */
    commentCount: z.number().int(),
  }),
);

const body = z
  .string({ error: 'validation.writeSomething' })
  .overwrite(stripBidiControls)
  .trim()
  .min(1, 'validation.writeSomething')
  .max(COMMENT_MAX_CHARS, 'validation.commentMax');

export const commentInputSchema = z
  .object({
    chapterId: z.uuid({ error: 'validation.unknownChapter' }).optional(),
    seriesId: z.uuid({ error: 'validation.unknownSeries' }).optional(),
    body,
    parentId: z.uuid({ error: 'validation.unknownComment' }).optional(),
    isSpoiler: z.boolean().default(false),
  })
  .refine((input) => (input.chapterId ? 1 : 0) + (input.seriesId ? 1 : 0) === 1, {
    path: ['chapterId'],
    message: 'validation.commentTarget',
  });
export type CommentInput = z.input<typeof commentInputSchema>;
export const commentPatchSchema = z.object({ body, isSpoiler: z.boolean().optional() });
export const commentResponseSchema = envelope(commentReplySchema.extend({ replies: z.array(commentReplySchema).optional() }));
export const commentReportSchema = z.object({
  reason: z
    .string({ error: 'validation.sayWhatIsWrong' })
    .overwrite(stripBidiControls)
    .trim()
    .min(3, 'validation.sayWhatIsWrong')
    .max(500, 'validation.reason500'),
});

export const MODERATION_FILTERS = ['reported', 'hidden', 'all'] as const;
export const teamCommentSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  author: authorSchema,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  parentId: z.uuid().nullable(),
  isSpoiler: z.boolean(),
  hidden: z.boolean(),
  reportCount: z.number().int(),
  reports: z.array(z.object({ reason: z.string(), createdAt: z.string(), username: z.string() })),
  series: z.object({ id: z.uuid(), slug: z.string(), title: z.string() }),
  chapter: z.object({ id: z.uuid(), slug: z.string(), number: z.number() }).nullable(),
});
export type TeamComment = z.infer<typeof teamCommentSchema>;
export const teamCommentListQuerySchema = z.object({
  status: z.enum(MODERATION_FILTERS, { error: 'validation.commentStatusChoice' }).default('all'),
  userId: z.uuid({ error: 'validation.unknownUser' }).optional(),
  q: z.string().trim().max(200).optional(),
  page: pageQuery,
});
export const teamCommentListResponseSchema = envelope(
  z.object({ items: z.array(teamCommentSchema), pagination: paginationSchema }),
);
export const teamCommentPatchSchema = z.object({ hidden: z.boolean({ error: 'validation.hiddenBoolean' }) });
export const teamCommentResponseSchema = envelope(teamCommentSchema);
