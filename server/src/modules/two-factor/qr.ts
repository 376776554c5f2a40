/**
 * The set-up's QR code, drawn here as SVG and answered as a data: URL the browser shows in an
 * <img>: the browser bundles carry no QR encoder, and an image cannot run script.
 */
import QRCode from 'qrcode';

export async function qrSvgDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
