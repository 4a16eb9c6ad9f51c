import { describe, expect, it } from 'vitest';
import { translatorFor } from './i18n';
import { findPasswordWeakness } from './password-strength';

const owner = { username: 'Night_Owl', email: 'night.owl@example.com' };

describe('findPasswordWeakness (issue 7 §4.10)', () => {
  it.each([
    ['eight spaces', ' '.repeat(8), /only spaces/],
    ['the username', 'night_owl', /your username/],
    ['the username in another case', 'NIGHT_OWL', /your username/],
    ['the e-mail address inside it', 'xnight.owl@example.comx', /e-mail address/],
    ['the username with a digit', 'Night_Owl1', /username or e-mail/],
    ['the e-mail local part with a year', 'night.owl2024', /username or e-mail/],
    ['a common password', 'password123', /too easy/],
    ['a keyboard walk', 'qwertyuiop', /too easy/],
    ['the site name with digits', 'inkwell123', /too easy/],
    ['a repeated character', 'aaaaaaaaaaaa', /too easy/],
  ])('refuses %s', (_label, password, message) => {
    const weakness = findPasswordWeakness(password, owner);
    expect(weakness && translatorFor('en')(weakness)).toMatch(message);
  });

  it.each(['plum-orchard-71', 'correct horse battery staple', 'lantern meadow copper'])(
    'accepts the passphrase %j',
    (password) => {
      expect(findPasswordWeakness(password, owner)).toBeUndefined();
    },
  );
});
