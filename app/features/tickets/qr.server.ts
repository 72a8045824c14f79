import QRCode from "qrcode";

/** A ticket code as an SVG QR code, rendered on the server (no client script). */
export async function qrSvg(text: string) {
  return QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}
