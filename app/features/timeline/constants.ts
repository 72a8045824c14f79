export const PRIVACY_OPTIONS = [
  { value: "public", label: "Public (all members)" },
  { value: "friends", label: "Friends only" },
  { value: "private", label: "Only me" },
] as const;

export const MESSAGE_MAX = 5000;
export const COMMENT_MAX = 2000;

export const EMPTY_POST_MESSAGE = "Write a message or attach a photo or video.";
