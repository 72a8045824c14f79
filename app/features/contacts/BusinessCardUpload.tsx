import { useEffect, useId, useRef, useState } from "react";
import { ImageUpload } from "~/ui/image-upload";
import { CARD_ASPECT_RATIO, startingFrame } from "./business-cards";

type Crop = Record<string, string>;
type Cropping = { url: string; done: (crop: Crop | null) => void };

// cropperjs's web components: the image stays put, the selection keeps 3:2 and moves or
// resizes inside the image (the "select" handle that draws a new one is left out).
const TEMPLATE =
  "<cropper-canvas background>" +
  '<cropper-image initial-fit="contain"></cropper-image>' +
  "<cropper-shade hidden></cropper-shade>" +
  `<cropper-selection initial-coverage="1" aspect-ratio="${CARD_ASPECT_RATIO}" movable resizable outlined>` +
  '<cropper-grid role="grid" covered></cropper-grid>' +
  "<cropper-crosshair centered></cropper-crosshair>" +
  '<cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.35)"></cropper-handle>' +
  ["n", "e", "s", "w", "ne", "nw", "se", "sw"].map((edge) => `<cropper-handle action="${edge}-resize"></cropper-handle>`).join("") +
  "</cropper-selection>" +
  "</cropper-canvas>";

type Box = { x: number; y: number; width: number; height: number };
type CropperParts = {
  canvas: HTMLElement;
  image: HTMLElement & { $ready: () => Promise<unknown> };
  selection: HTMLElement & Box & { $change: (x: number, y: number, width: number, height: number) => unknown };
  destroy: () => void;
};

/** Where the shown image lies inside the cropper canvas, in canvas pixels. */
function imageBox({ canvas, image }: Pick<CropperParts, "canvas" | "image">): Box {
  const outer = canvas.getBoundingClientRect();
  const inner = image.getBoundingClientRect();
  return { x: inner.left - outer.left, y: inner.top - outer.top, width: inner.width, height: inner.height };
}

/**
 * SPEC.md §2's crop dialog, "Position and size of business card": a modal over the card list
 * where the member frames the card at 3:2. cropperjs is loaded here, in the browser, only when
 * the dialog opens. Save hands back the frame in the image's own pixels (scaled[x, y, width,
 * height]); the server cuts the card.
 */
function CropDialog({ src, onDone }: { src: string; onDone: (crop: Crop | null) => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const imgRef = useRef<HTMLImageElement>(null);
  const partsRef = useRef<CropperParts | null>(null);
  const titleId = useId();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && typeof dialog.showModal === "function" && !dialog.open) dialog.showModal();
    let cancelled = false;
    import("cropperjs")
      .then(async ({ default: Cropper }) => {
        const img = imgRef.current;
        if (cancelled || !img) return;
        const cropper = new Cropper(img, { template: TEMPLATE });
        const parts = {
          canvas: cropper.getCropperCanvas(),
          image: cropper.getCropperImage(),
          selection: cropper.getCropperSelection(),
          destroy: () => cropper.destroy(),
        } as unknown as CropperParts;
        partsRef.current = parts;
        await parts.image.$ready();
        // The image is centred in the canvas after it loads: wait until it stays put.
        let last = "";
        for (let frame = 0; frame < 30; frame += 1) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
          const now = JSON.stringify(imageBox(parts));
          if (now === last) break;
          last = now;
        }
        if (cancelled) return;
        // Start from the largest centred 3:2 frame inside the image, and keep it inside.
        const frame = startingFrame(imageBox(parts));
        parts.selection.$change(frame.x, frame.y, frame.width, frame.height);
        parts.selection.addEventListener("change", (event) => {
          const next = (event as CustomEvent<Box>).detail;
          const limit = imageBox(parts);
          const inside =
            next.x >= limit.x - 0.5 &&
            next.y >= limit.y - 0.5 &&
            next.x + next.width <= limit.x + limit.width + 0.5 &&
            next.y + next.height <= limit.y + limit.height + 0.5;
          if (inside) return;
          event.preventDefault();
          // A move past the edge stops at the edge; a frame larger than the image is refused.
          if (next.width > limit.width + 0.5 || next.height > limit.height + 0.5) return;
          const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);
          const x = clamp(next.x, limit.x, limit.x + limit.width - next.width);
          const y = clamp(next.y, limit.y, limit.y + limit.height - next.height);
          parts.selection.$change(x, y, next.width, next.height);
        });
        setReady(true);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      partsRef.current?.destroy();
      partsRef.current = null;
    };
  }, [src]);

  function save() {
    const parts = partsRef.current;
    const img = imgRef.current;
    if (!parts || !img) return;
    const box = imageBox(parts);
    const scale = img.naturalWidth / box.width;
    const { x, y, width, height } = parts.selection;
    onDone({
      "scaled[x]": String(Math.round((x - box.x) * scale)),
      "scaled[y]": String(Math.round((y - box.y) * scale)),
      "scaled[width]": String(Math.round(width * scale)),
      "scaled[height]": String(Math.round(height * scale)),
    });
  }

  return (
    <dialog
      ref={dialogRef}
      className="dialog dialog--large crop-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        // Escape closes this dialog only, not the card list under it.
        event.preventDefault();
        event.stopPropagation();
        onDone(null);
      }}
      onClick={(event) => event.stopPropagation()}
    >
      <div className="dialog-header">
        <h2 id={titleId}>Position and size of business card</h2>
        <button type="button" className="dialog-close" aria-label="Close" onClick={() => onDone(null)}>
          ×
        </button>
      </div>
      <div className="dialog-body">
        <div className="crop-area">
          <img ref={imgRef} src={src} alt="The chosen business card" />
        </div>
        {failed ? (
          <p className="upload-error" role="alert">
            The crop tool could not be loaded. Save keeps the middle of the image.
          </p>
        ) : (
          <p className="muted">Move and resize the frame over the card. It keeps a business card's shape (3:2).</p>
        )}
        <div className="dialog-actions">
          <button type="button" className="button button--secondary" onClick={() => onDone(null)}>
            Cancel
          </button>
          <button type="button" className="button" disabled={!ready && !failed} onClick={() => (failed ? onDone({}) : save())}>
            Save
          </button>
        </div>
      </div>
    </dialog>
  );
}

/** The card list's upload control: the one ImageUpload, with the crop dialog between choosing
 * the image and sending it. Without JavaScript it is the plain form (the server centres the
 * card). */
export function BusinessCardUpload({
  action,
  accept,
  maxBytes,
  chooseLabel,
  uploadTo,
}: {
  action: string;
  accept: string;
  maxBytes: number;
  chooseLabel: string;
  uploadTo: string;
}) {
  const [cropping, setCropping] = useState<Cropping | null>(null);
  useEffect(() => () => (cropping ? URL.revokeObjectURL(cropping.url) : undefined), [cropping]);

  function prepare(file: File) {
    return new Promise<Crop | null>((resolve) => {
      setCropping({
        url: URL.createObjectURL(file),
        done: (crop) => {
          setCropping(null);
          resolve(crop);
        },
      });
    });
  }

  return (
    <>
      <ImageUpload
        action={action}
        accept={accept}
        maxBytes={maxBytes}
        label="business card"
        hasImage={false}
        chooseLabel={chooseLabel}
        uploadTo={uploadTo}
        prepare={prepare}
      />
      {cropping ? <CropDialog src={cropping.url} onDone={cropping.done} /> : null}
    </>
  );
}
