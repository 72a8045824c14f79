import { extensionOf, type Family, familyOfExtension } from "./file-types";

export type Sniffed = { mediaType: string; family: Family; extension: string };

const OFFICE_ZIP: Record<string, string> = {
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
};
const OFFICE_LEGACY: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

function startsWith(head: Uint8Array, bytes: number[], offset = 0) {
  return bytes.every((byte, index) => head[offset + index] === byte);
}

function ascii(head: Uint8Array, start: number, end: number) {
  return String.fromCharCode(...head.subarray(start, end));
}

function looksLikeText(head: Uint8Array) {
  if (head.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of a file from its first bytes (4 KB is plenty), limited to what Chapter accepts.
 * The name only settles what the content cannot tell apart (a .docx and an .xlsx are both
 * zip archives); it never makes a file something its content is not.
 */
export function sniff(head: Uint8Array, filename: string): Sniffed | null {
  const extension = extensionOf(filename);
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { mediaType: "image/jpeg", family: "image", extension: "jpg" };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { mediaType: "image/png", family: "image", extension: "png" };
  }
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") {
    return { mediaType: "image/gif", family: "image", extension: "gif" };
  }
  if (ascii(head, 0, 3) === "FLV" && head[3] === 1) return { mediaType: "video/x-flv", family: "video", extension: "flv" };
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    // The same container holds HEIC/AVIF still images, which Chapter does not take.
    if (/^(heic|heix|hevc|heim|heis|mif1|msf1|avif|avis)$/.test(brand)) return null;
    if (brand === "qt  ") return { mediaType: "video/quicktime", family: "video", extension: "mov" };
    if (brand.startsWith("3g")) return { mediaType: "video/3gpp", family: "video", extension: "3gp" };
    return { mediaType: "video/mp4", family: "video", extension: "mp4" };
  }
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "AVI ") {
    return { mediaType: "video/x-msvideo", family: "video", extension: "avi" };
  }
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) {
    return { mediaType: "video/x-ms-wmv", family: "video", extension: "wmv" };
  }
  if (head[0] === 0x47 && head.length > 376 && head[188] === 0x47 && head[376] === 0x47) {
    return { mediaType: "video/mp2t", family: "video", extension: "ts" };
  }
  const text = ascii(head, 0, Math.min(head.length, 16)).replace(/^\uFEFF|^\xEF\xBB\xBF/, "");
  if (text.startsWith("#EXTM3U")) return { mediaType: "application/vnd.apple.mpegurl", family: "video", extension: "m3u8" };
  if (ascii(head, 0, 5) === "%PDF-") return { mediaType: "application/pdf", family: "document", extension: "pdf" };
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) && OFFICE_ZIP[extension]) {
    return { mediaType: OFFICE_ZIP[extension], family: "document", extension };
  }
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && OFFICE_LEGACY[extension]) {
    return { mediaType: OFFICE_LEGACY[extension], family: "document", extension };
  }
  if ((extension === "txt" || extension === "csv") && looksLikeText(head)) {
    return { mediaType: extension === "csv" ? "text/csv" : "text/plain", family: "document", extension };
  }
  return null;
}

/** The family the name claims, if it is one Chapter knows. */
export function claimedFamily(filename: string) {
  return familyOfExtension(extensionOf(filename));
}
