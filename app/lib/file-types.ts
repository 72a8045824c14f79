// What each kind of upload accepts (SPEC.md §5). Shared by the upload controls (the accept
// attribute) and the server (which checks the content, not only the name).

export type Family = "image" | "video" | "document";

export const IMAGE_EXTENSIONS = ["jpg", "jpeg", "jpe", "jif", "jfif", "jfi", "png", "gif"] as const;
export const VIDEO_EXTENSIONS = ["flv", "mp4", "m3u8", "ts", "3gp", "mov", "avi", "wmv"] as const;
export const DOCUMENT_EXTENSIONS = ["pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "ods", "odp", "txt", "csv"] as const;

export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"] as const;
export const VIDEO_TYPES = [
  "video/x-flv",
  "video/mp4",
  "application/vnd.apple.mpegurl",
  "video/mp2t",
  "video/3gpp",
  "video/quicktime",
  "video/x-msvideo",
  "video/x-ms-wmv",
] as const;

export type UploadKind =
  | "profile_image"
  | "contact_profile_image"
  | "cover_image"
  | "invite_image"
  | "business_card"
  | "post_media"
  | "event_media"
  | "contact_video"
  | "contact_document"
  | "product_image"
  | "wish_list_image"
  | "action_attachment"
  | "training_image"
  | "proposal_document";

export const UPLOAD_KINDS: Record<UploadKind, { families: Family[]; label: string }> = {
  profile_image: { families: ["image"], label: "profile image" },
  /** A contact's own picture: like a member's profile image, but its owner's alone. */
  contact_profile_image: { families: ["image"], label: "profile image" },
  cover_image: { families: ["image"], label: "cover image" },
  invite_image: { families: ["image"], label: "invitation image" },
  business_card: { families: ["image"], label: "business card" },
  post_media: { families: ["image", "video"], label: "post attachment" },
  event_media: { families: ["image", "video"], label: "event image or video" },
  contact_video: { families: ["video"], label: "video" },
  contact_document: { families: ["document", "image"], label: "document" },
  product_image: { families: ["image"], label: "offer image" },
  /** A wish list item's picture: its owner's alone, like the rest of their plans. */
  wish_list_image: { families: ["image"], label: "wish list image" },
  /** A business action's content may carry one document or image: its owner's alone. */
  action_attachment: { families: ["document", "image"], label: "document or image" },
  /** A training's picture or video: seen by every member, like an event's. (The kind keeps the
   * name its stored files were recorded under.) */
  training_image: { families: ["image", "video"], label: "training image or video" },
  /** An entrepreneur entry's document: its owner's and the counterparts' of its open
   * connections only (features/proposals). */
  proposal_document: { families: ["document", "image"], label: "document" },
};

const EXTENSIONS: Record<Family, readonly string[]> = {
  image: IMAGE_EXTENSIONS,
  video: VIDEO_EXTENSIONS,
  document: DOCUMENT_EXTENSIONS,
};

export function extensionOf(filename: string) {
  const dot = filename.lastIndexOf(".");
  return dot === -1 ? "" : filename.slice(dot + 1).toLowerCase();
}

export function familyOfExtension(extension: string): Family | null {
  for (const family of ["image", "video", "document"] as const) {
    if (EXTENSIONS[family].includes(extension)) return family;
  }
  return null;
}

export function familyOfMediaType(mediaType: string): Family {
  if ((IMAGE_TYPES as readonly string[]).includes(mediaType)) return "image";
  if ((VIDEO_TYPES as readonly string[]).includes(mediaType)) return "video";
  return "document";
}

export function acceptedExtensions(kind: UploadKind) {
  return UPLOAD_KINDS[kind].families.flatMap((family) => EXTENSIONS[family]);
}

/** For <input type="file" accept="…">. */
export function acceptAttribute(kind: UploadKind) {
  const families = UPLOAD_KINDS[kind].families;
  const types = [...(families.includes("image") ? IMAGE_TYPES : []), ...(families.includes("video") ? VIDEO_TYPES : [])];
  return [...acceptedExtensions(kind).map((extension) => `.${extension}`), ...types].join(",");
}

export function formatBytes(bytes: number) {
  if (bytes >= 1_000_000_000) return `${(bytes / 1_000_000_000).toFixed(1).replace(/\.0$/, "")} GB`;
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
  if (bytes >= 1_000) return `${Math.round(bytes / 1_000)} KB`;
  return `${bytes} bytes`;
}
