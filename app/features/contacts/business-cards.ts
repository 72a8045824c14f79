// Shared by the server and the dialogs (no server code here).

/** The business card list dialog's address: where uploads and deletions return. */
export function businessCardsPath(contactId: number) {
  return `/user/contacts/${contactId}/business-cards`;
}

/** SPEC.md §5, §9: the crop dialog keeps this width : height. */
export const CARD_ASPECT_RATIO = 3 / 2;

export function businessCardCountLabel(count: number) {
  return `${count} business ${count === 1 ? "card" : "cards"}`;
}

type Box = { x: number; y: number; width: number; height: number };

/** The crop dialog's first frame: the largest 3:2 frame inside the shown image, centred, so
 * that saving without adjusting keeps the whole card (a smaller one cut the name's edge). */
export function startingFrame(image: Box): Box {
  const width = Math.min(image.width, image.height * CARD_ASPECT_RATIO);
  const height = width / CARD_ASPECT_RATIO;
  return { x: image.x + (image.width - width) / 2, y: image.y + (image.height - height) / 2, width, height };
}
