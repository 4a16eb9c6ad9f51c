/**
 * Business constants. Each one names the SPEC.md section it comes from; both apps import
 * them from here so a number is never written twice.
 */

/** SPEC §5, §9: search needs this many characters after trimming. */
export const SEARCH_MIN_CHARS = 3;
/** SPEC §5, §9: search input debounce. */
export const SEARCH_DEBOUNCE_MS = 350;

/** SPEC §9: notification fetch page. */
export const NOTIFICATION_FETCH_LIMIT = 10;
/** SPEC §9: the dropdown shows at most this many. */
export const NOTIFICATION_DROPDOWN_MAX = 5;
/** SPEC §9: the badge shows "9+" above this. */
export const NOTIFICATION_BADGE_MAX = 9;
/** SPEC §5: notification descriptions are cut at this many characters with an ellipsis. */
export const NOTIFICATION_DESCRIPTION_MAX = 80;
/** SPEC §4: the list is re-fetched this long after a successful mark-as-read. */
export const NOTIFICATION_REFETCH_DELAY_MS = 100;

/** SPEC §9: mobile breakpoint. */
export const MOBILE_BREAKPOINT_PX = 768;

/** SPEC §9: profile cache (profileData) and membership cache (userMembership). */
export const PROFILE_CACHE_MS = 900_000;
export const MEMBERSHIP_CACHE_MS = 900_000;
export const PROFILE_CACHE_KEY = 'profileData';
export const MEMBERSHIP_CACHE_KEY = 'userMembership';

/** SPEC §9: time-outs. */
export const VERIFY_TIMEOUT_MS = 15_000;
export const LOGIN_TIMEOUT_MS = 15_000;
export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const ADS_CONFIG_TIMEOUT_MS = 10_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** SPEC §4, §9: ad container detection wait. */
export const AD_DETECT_WAIT_MS = 2_000;
/**
 * Issue 20 §3: where the admin's ad markup runs, in a sandboxed frame of its own (no access to the
 * reader's session, cookies or page), and the message type the frame reports its ad with.
 */
export const AD_FRAME_PATH = '/ad-frame';
export const AD_FRAME_MESSAGE = 'inkwell-ad';
/** The frame's sandbox: scripts and pop-ups (an ad's link opens a tab), never our origin. */
export const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';
/** SPEC §4, §9: redirect to /login this long after logout. */
export const LOGOUT_REDIRECT_MS = 1_000;

/** SPEC §4, §9: toasts. */
export const TOAST_DEFAULT_DURATION_MS = 7_000;
export const TOAST_EXIT_MS = 300;

/** SPEC §2, §9: the route-change loader and the progress bar. */
export const ROUTE_LOADER_MS = 200;
export const PROGRESS_BAR = {
  minimum: 0.08,
  speed: 400,
  trickleSpeed: 200,
  showSpinner: false,
} as const;

/** Issue 2: account rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_PATTERN = /^[a-z0-9_]{3,24}$/i;
export const EMAIL_MAX_LENGTH = 254;
/** At most this many attempts at login, register and password reset per IP per window. */
export const AUTH_RATE_LIMIT = { max: 25, windowMs: 5 * 60_000 } as const;
/**
 * Issue 7 §4.8: failed logins are counted per account (whichever of username or e-mail was
 * typed) and per address, so a stranger's guesses lock out their own address only: at most this
 * many per account and address per window. Below AUTH_RATE_LIMIT, so it bites before it.
 */
export const FAILED_LOGIN_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;
/**
 * … and at most this many per account from all addresses together, the ceiling on a guessing
 * attack spread over many addresses. Past it, new addresses wait out the window; the owner's own
 * (an address holding a session of the account) and accounts with two-factor sign-in are not
 * stopped by it (decision 0024).
 */
export const FAILED_LOGIN_ACCOUNT_LIMIT = { max: 300, windowMs: 60 * 60_000 } as const;
/** Issue 7 §4.2: wrong current passwords on change-password, per account per window. */
export const CHANGE_PASSWORD_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;
/** A password reset link works once, for this long. */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** A sign-up's confirmation link works once, for this long (issue 20 §4). */
export const REGISTRATION_TOKEN_TTL_MS = 24 * 60 * 60_000;
/** Issue 7 §4.9: reset mails to one address per window; past it the request is answered the same and nothing is sent. */
export const RESET_MAIL_LIMIT = { max: 3, windowMs: 60 * 60_000 } as const;

/**
 * Issue 7 §4.7: the largest JSON request body. The largest legitimate one is a novel chapter:
 * NOVEL_TEXT_MAX_CHARS characters of up to 3 bytes each in UTF-8 (CJK) is 1.2 MB, and JSON's
 * escapes (up to 6 bytes for a character) can at most double that; 4 MiB holds it with room.
 */
export const JSON_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** Catalogue pages: series per page of a list, and the most a client may ask for. */
export const SERIES_PAGE_SIZE = 24;
/** A series answer lists this many of its newest chapters; a long series' list is paged by as many. */
export const SERIES_CHAPTERS_PAGE = 100;
/** The most chapters one page of a series' chapters holds (bulk unlocking takes as many at once). */
export const SERIES_CHAPTERS_MAX = 500;
/** A chapter answer lists this many chapters each side of it, for the reader's picker. */
export const CHAPTER_NEIGHBOURHOOD = 50;
export const SERIES_PAGE_SIZE_MAX = 60;
/** Search results returned by the top bar's call. */
export const SEARCH_RESULT_LIMIT = 10;

/** Uploads: bytes per image, pixels per image (decompression bombs), files per request. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
export const IMAGE_MAX_PIXELS = 80_000_000;
export const UPLOAD_MAX_FILES = 200;
/** Chapter archives (.zip / .cbz): the archive, its entries and their total size once inflated. */
export const ARCHIVE_MAX_BYTES = 200 * 1024 * 1024;
export const ARCHIVE_MAX_ENTRIES = 500;
export const ARCHIVE_MAX_INFLATED_BYTES = 600 * 1024 * 1024;
/** Novel chapter text, as sanitized HTML. */
export const NOVEL_TEXT_MAX_CHARS = 400_000;

/**
 * DESIGN §5: the team is editors and admins, who run the catalogue and see every chapter. The one
 * test of it, for the server's rules (through modules/access) and the web's menus and ads.
 */
export const isTeamRole = (role: string | null | undefined): boolean => role === 'editor' || role === 'admin';

/**
 * Issue 33 §6: the safe defaults of early access. A wait pass never opens a series' newest chapter
 * unless the team says so, and a new priced chapter shows a taste before its lock.
 */
export const DEFAULT_WAIT_PASS_EXCLUDES_NEWEST = 1;
export const DEFAULT_PREVIEW_PAGES = 1;
export const DEFAULT_PREVIEW_PERCENT = 10;

/**
 * A visitor's "I am 18 or older" at a series' adult gate (issue 36 §4, decision 0041): a session
 * cookie the web app sets beside its sessionStorage answer. The server reads it for a series' and its
 * chapters' answers (and their pages) only; lists, search, feeds and the reading apps never.
 * Here, without zod, as the gate is drawn on every series page (catalogue.ts's schemas would
 * put the schema library in its first JavaScript).
 */
export const ADULT_GATE_COOKIE = 'inkwell_adult';
