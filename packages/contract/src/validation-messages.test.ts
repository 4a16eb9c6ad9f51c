// The schemas' messages are catalogue ids (decision 0040); a limit the code holds is written in
// the messages as a number, so each English message is checked against its constant here.
import { describe, expect, it } from 'vitest';
import { BIO_MAX_LENGTH } from './account-profile';
import { ADJUSTMENT_REASON_MAX, ADJUSTMENT_REASON_MIN, COIN_ADJUSTMENT_MAX } from './admin-users';
import { COMMENT_MAX_CHARS } from './comments';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SERIES_CHAPTERS_MAX } from './constants';
import { CONTENT_LANGUAGES_MAX } from './language-tags';
import { DEVICE_KEY_NAME_MAX } from './device-keys';
import { LOCALES } from './locales';
import { readNamespace } from './message-catalogues';
import { EARNINGS_FIRST_MONTH, EARNINGS_LAST_MONTH, GIFT_AMOUNTS, GIFT_MESSAGE_MAX, PAYEES_MAX } from './payouts';
import { SITE_CONTACTS_MAX } from './site';

const english = readNamespace('en', 'validation');

describe('the validation messages', () => {
  it.each([
    ['validation.coinAdjustmentMax', COIN_ADJUSTMENT_MAX.toLocaleString('en')],
    ['validation.adjustmentReasonMin', ADJUSTMENT_REASON_MIN],
    ['validation.adjustmentReasonMax', ADJUSTMENT_REASON_MAX],
    ['validation.emailMax', EMAIL_MAX_LENGTH],
    ['validation.passwordMin', PASSWORD_MIN_LENGTH],
    ['validation.passwordMax', PASSWORD_MAX_LENGTH],
    ['validation.contentLanguagesMax', CONTENT_LANGUAGES_MAX],
    ['validation.seriesChaptersMax', SERIES_CHAPTERS_MAX],
    ['validation.commentMax', COMMENT_MAX_CHARS],
    ['validation.bioMax', BIO_MAX_LENGTH],
    ['validation.deviceKeyNameMax', DEVICE_KEY_NAME_MAX],
    ['validation.giftAmounts', GIFT_AMOUNTS.join(', ')],
    ['validation.giftMessageMax', GIFT_MESSAGE_MAX],
    ['validation.payeesMax', PAYEES_MAX],
    ['validation.monthWindow', `${EARNINGS_FIRST_MONTH} and ${EARNINGS_LAST_MONTH}`],
    ['validation.contactsMax', SITE_CONTACTS_MAX],
    ['validation.localeChoice', LOCALES.join(', ')],
  ])('say %s with the limit the code holds (%s)', (id, limit) => {
    expect(english[id]).toContain(String(limit));
  });
});
