// The personal data the schema holds, table by table (issue 36 §3, GDPR article 30's record): every
// column that says something about a person, and what deleting their account does with it
// (modules/identity/account-data). Not a table: drizzle-kit never reads it (index.ts does not export
// it). account-data/personal-data.test.ts checks that each column named here exists, and that after
// a deletion none of the reader's values remain in any table.

/** What a deletion does with a column's value for the deleted account. */
type Erasure =
  /** The row goes. */
  | 'deleted'
  /** The value is replaced by something anonymous (users' email becomes deleted-<id>@deleted.invalid). */
  | 'anonymised'
  /** Emptied (null, '', the default). */
  | 'emptied'
  /** Kept for accounting or the other readers' threads: no longer personal once the row is anonymous. */
  | 'kept';

export interface PersonalColumn {
  column: string;
  erasure: Erasure;
  /** Why, where it is not plain. */
  note?: string;
}

/** SQL table name → its columns that hold personal data. A table not listed holds none. */
export const PERSONAL_DATA: Readonly<Record<string, readonly PersonalColumn[]>> = {
  users: [
    { column: 'email', erasure: 'anonymised', note: 'deleted-<id>@deleted.invalid: the address may sign up again' },
    { column: 'username', erasure: 'anonymised', note: 'deleted-<short id>' },
    { column: 'password_hash', erasure: 'anonymised', note: 'an unusable value no password verifies against' },
    { column: 'totp_secret', erasure: 'emptied' },
    { column: 'totp_enabled_at', erasure: 'emptied' },
    { column: 'totp_last_step', erasure: 'emptied' },
    { column: 'avatar_url', erasure: 'emptied', note: 'the stored files are removed after the commit' },
    { column: 'bio', erasure: 'emptied' },
    { column: 'locale', erasure: 'emptied' },
    { column: 'content_languages', erasure: 'emptied' },
    { column: 'show_adult', erasure: 'emptied' },
    { column: 'auto_unlock', erasure: 'emptied' },
    { column: 'show_as_supporter', erasure: 'emptied' },
    { column: 'new_chapter_email', erasure: 'emptied' },
    { column: 'last_digest_at', erasure: 'emptied' },
    { column: 'coins', erasure: 'emptied', note: 'forfeited through a ledger row of kind forfeit' },
    { column: 'created_at', erasure: 'kept', note: 'the anonymous row keeps when it was made (sign-ups per day)' },
  ],
  sessions: [
    { column: 'user_agent', erasure: 'deleted' },
    { column: 'ip', erasure: 'deleted' },
    { column: 'token_hash', erasure: 'deleted' },
  ],
  username_holds: [{ column: 'username', erasure: 'deleted' }],
  email_changes: [
    { column: 'old_email', erasure: 'deleted' },
    { column: 'new_email', erasure: 'deleted' },
  ],
  password_reset_tokens: [{ column: 'token_hash', erasure: 'deleted' }],
  pending_registrations: [
    { column: 'email', erasure: 'deleted', note: 'a sign-up waiting under the address or the name' },
    { column: 'username', erasure: 'deleted' },
    { column: 'password_hash', erasure: 'deleted' },
  ],
  recovery_codes: [{ column: 'code_hash', erasure: 'deleted' }],
  device_keys: [
    { column: 'name', erasure: 'deleted' },
    { column: 'last_used_address', erasure: 'deleted' },
  ],
  push_subscriptions: [
    { column: 'endpoint', erasure: 'deleted' },
    { column: 'p256dh', erasure: 'deleted' },
    { column: 'auth', erasure: 'deleted' },
  ],
  push_held: [
    { column: 'title', erasure: 'deleted' },
    { column: 'body', erasure: 'deleted' },
  ],
  push_quiet_hours: [{ column: 'time_zone', erasure: 'deleted' }],
  notifications: [
    { column: 'message_values', erasure: 'deleted', note: "others' notices that named the reader get [deleted] instead" },
    { column: 'link', erasure: 'deleted' },
  ],
  chapter_free_alerts: [{ column: 'chapter_id', erasure: 'deleted' }],
  pass_alerts: [{ column: 'series_id', erasure: 'deleted' }],
  bookmarks: [{ column: 'series_id', erasure: 'deleted' }],
  reading_progress: [
    { column: 'chapter_id', erasure: 'deleted' },
    { column: 'read_at', erasure: 'deleted' },
  ],
  reader_settings: [
    { column: 'comic', erasure: 'deleted', note: "the reader's comic settings (issue 39 §2)" },
    { column: 'novel', erasure: 'deleted' },
  ],
  series_reader_settings: [
    { column: 'series_id', erasure: 'deleted', note: "the reader's own mode, direction and fit per series" },
    { column: 'mode', erasure: 'deleted' },
    { column: 'direction', erasure: 'deleted' },
    { column: 'fit', erasure: 'deleted' },
  ],
  reading_year_shares: [
    { column: 'year', erasure: 'deleted', note: 'a year the reader shares by link (issue 39 §4)' },
    { column: 'token', erasure: 'deleted', note: 'the link stops working with the account' },
  ],
  reading_places: [
    { column: 'chapter_id', erasure: 'deleted' },
    { column: 'device_id', erasure: 'deleted' },
    { column: 'device_name', erasure: 'deleted' },
    { column: 'updated_at', erasure: 'deleted' },
  ],
  koreader_positions: [
    { column: 'device', erasure: 'deleted' },
    { column: 'device_id', erasure: 'deleted' },
  ],
  comments: [{ column: 'body', erasure: 'anonymised', note: 'stays in its thread as [deleted]' }],
  comment_reports: [{ column: 'reason', erasure: 'deleted' }],
  series_auto_unlocks: [{ column: 'series_id', erasure: 'deleted' }],
  series_gifts: [{ column: 'message', erasure: 'emptied', note: 'the gift stays: its coins were shared among payees' }],
  coin_ledger: [
    { column: 'reason', erasure: 'kept', note: 'append-only accounting; reasons name chapters and packages, not people' },
  ],
  chapter_unlocks: [{ column: 'chapter_id', erasure: 'kept', note: 'accounting, tied to the anonymous row' }],
  chapter_rentals: [{ column: 'chapter_id', erasure: 'kept', note: 'tied to the anonymous row' }],
  purchases: [
    { column: 'provider_payment_id', erasure: 'kept', note: 'accounting and refunds, tied to the anonymous row' },
    { column: 'return_to', erasure: 'kept', note: 'a path on the site' },
  ],
  subscriptions: [{ column: 'provider_subscription_id', erasure: 'kept', note: 'cancelled with the provider first' }],
  mail_outbox: [
    { column: 'to_address', erasure: 'deleted', note: 'every mail to an address the account went by' },
    { column: 'body_text', erasure: 'deleted' },
  ],
  audit_log: [
    { column: 'actor_name', erasure: 'anonymised', note: "the deleted account's anonymous name" },
    { column: 'target_label', erasure: 'anonymised' },
    { column: 'ip', erasure: 'emptied', note: 'of the entries the account made' },
    { column: 'user_agent', erasure: 'emptied' },
  ],
  series_members: [{ column: 'role', erasure: 'deleted', note: "the account's place on a series' team" }],
  series_credits: [
    { column: 'user_id', erasure: 'emptied', note: 'the credit stays, as the team wrote it, unlinked from the account' },
  ],
  chapter_credits: [
    { column: 'user_id', erasure: 'emptied', note: 'the credit stays, as the team wrote it, unlinked from the account' },
  ],
  imports: [{ column: 'created_by', erasure: 'emptied', note: "the import stays in the team's list, by nobody" }],
  payout_accounts: [
    { column: 'provider_account_id', erasure: 'kept', note: "the provider's account, for the transfers already sent" },
    { column: 'country', erasure: 'emptied' },
  ],
  payout_statements: [
    { column: 'provider_transfer_id', erasure: 'kept', note: 'accounting: what was sent, tied to the anonymous row' },
  ],
  view_marks: [{ column: 'visitor', erasure: 'kept', note: 'a user id or a daily hash; pruned after two days' }],
};
