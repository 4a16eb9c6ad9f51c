import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, type TwoFactorSetup } from '@inkwell/contract';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import { AppError } from '../../../../lib/app-error';
import { getSiteSettings } from '../../../team/site-config';
import { proposeTwoFactorSecret } from '../../users';
import { type TwoFactorContext, userOf } from '../two-factor.checks';

const ALREADY_ON = 'apiErrors.identity.twoFactorAlreadyOnSetup';

/** A new secret to confirm; replaces one not yet confirmed. Refused while two-factor sign-in is on. */
export async function setUpTwoFactor({ db, box }: Pick<TwoFactorContext, 'db' | 'box'>, userId: string): Promise<TwoFactorSetup> {
  const user = await userOf(db, userId);
  if (user.totpEnabledAt) throw new AppError('conflict', ALREADY_ON);
  const manualKey = generateSecret();
  if (!(await proposeTwoFactorSecret(db, user.id, box.seal(manualKey, user.id)))) {
    throw new AppError('conflict', ALREADY_ON);
  }
  const { siteName } = await getSiteSettings(db);
  const otpauthUri = generateURI({
    issuer: siteName,
    label: user.username,
    secret: manualKey,
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { manualKey, otpauthUri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
