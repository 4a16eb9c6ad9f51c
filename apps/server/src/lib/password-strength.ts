import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { AppError, type ApiErrorId } from './app-error';

/**
 * The lowest zxcvbn score accepted. 3 means about 10^8 guesses or more: "safely unguessable",
 * enough against an offline attack on our argon2id hashes should the table ever leak, which is
 * the case a password policy is for (online guessing is already held back by the login limits).
 * 2 would let through "whatever-123" and a username with a digit added.
 */
const PASSWORD_MIN_SCORE = 3;

/** Words anyone attacking this site would try first, on top of zxcvbn's common-password list. */
const SITE_WORDS = ['inkwell', 'omegascans', 'comics', 'comic', 'webnovel', 'novel', 'manga', 'manhwa', 'reading', 'reader'];

// Building the ranked dictionaries takes ~30 ms: once, on first use (the CLI and tests that never
// check a password do not pay for it).
let estimator: ZxcvbnFactory | undefined;
function getEstimator(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return estimator;
}

export interface PasswordOwner {
  username?: string | undefined;
  email?: string | undefined;
}

/** Why a password is refused (the message's id), or undefined when it is strong enough. */
export function findPasswordWeakness(password: string, owner: PasswordOwner = {}): ApiErrorId | undefined {
  const lower = password.toLowerCase();
  const username = owner.username?.toLowerCase();
  const email = owner.email?.toLowerCase();
  const localPart = email?.split('@')[0];
  if (password.trim() === '') return 'apiErrors.password.onlySpaces';
  if (username && lower.trim() === username) return 'apiErrors.password.isUsername';
  if (email && lower.includes(email)) return 'apiErrors.password.containsEmail';
  // The personal words go in as zxcvbn "user inputs": a password built on them counts as guessable.
  const userInputs = [username, email, localPart, ...SITE_WORDS].filter((word): word is string => Boolean(word));
  const result = getEstimator().check(password, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return undefined;
  const isPersonal = result.sequence.some(
    (match) =>
      'dictionaryName' in match &&
      match.dictionaryName === 'userInputs' &&
      'matchedWord' in match &&
      !SITE_WORDS.includes(String(match.matchedWord)),
  );
  return isPersonal ? 'apiErrors.password.aboutYou' : 'apiErrors.password.tooEasy';
}

/** Refuses a weak password with a 400 naming the form field it came from. */
export function assertPasswordStrong(password: string, owner: PasswordOwner, field: string): void {
  const weakness = findPasswordWeakness(password, owner);
  if (weakness) throw new AppError('validation_failed', weakness, { fields: { [field]: weakness } });
}
