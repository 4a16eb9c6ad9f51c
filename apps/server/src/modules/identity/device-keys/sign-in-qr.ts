import { OPDS_AUTH_CATALOG_PATH } from '@inkwell/contract';
import QRCode from 'qrcode';

/**
 * A new key's QR code (issue 39): the OPDS 1.2 catalogue's address that always asks for the key,
 * with the username and the key in it (`https://name:key@host/opds/v1.2/auth/catalog`), for a
 * phone's camera to carry to an app. Drawn here as an SVG and answered as a data: URL, once, with
 * the key: showing it fetches nothing, and neither address nor key is written to any log.
 */
export async function signInQrCode(publicUrl: string, username: string, key: string): Promise<string> {
  const address = new URL(OPDS_AUTH_CATALOG_PATH, publicUrl);
  // The URL's setters percent-encode what a userinfo may not hold.
  address.username = username;
  address.password = key;
  const svg = await QRCode.toString(address.href, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
