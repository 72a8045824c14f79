import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/ui/use-hydrated";

type Detector = { detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]> };
type DetectorConstructor = new (options: { formats: string[] }) => Detector;

/**
 * Reads a ticket's QR code with the device's camera, where the browser has BarcodeDetector,
 * then fills the code field and submits its form. An enhancement only: typing the code works
 * everywhere, with or without JavaScript.
 */
export function CodeScanner({ input }: { input: React.RefObject<HTMLInputElement> }) {
  const hydrated = useHydrated();
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const supported = hydrated && typeof window !== "undefined" && "BarcodeDetector" in window && Boolean(navigator.mediaDevices?.getUserMedia);

  useEffect(() => {
    if (!scanning) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new (window as unknown as { BarcodeDetector: DetectorConstructor }).BarcodeDetector({ formats: ["qr_code"] });
    async function look() {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue && input.current) {
          input.current.value = found.rawValue;
          setScanning(false);
          input.current.form?.requestSubmit();
          return;
        }
      } catch {
        // The frame was not ready yet: try the next one.
      }
      timer = setTimeout(look, 250);
    }
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(() => {
        setProblem("The camera could not be opened: type the code instead.");
        setScanning(false);
      });
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [scanning, input]);

  if (!supported) return null;
  return (
    <div className="code-scanner">
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          setProblem(null);
          setScanning((on) => !on);
        }}
      >
        {scanning ? "Stop the camera" : "Scan with the camera"}
      </button>
      {scanning ? <video ref={video} className="code-scanner-video" muted playsInline aria-label="Camera" /> : null}
      {problem ? <p className="field-errors">{problem}</p> : null}
    </div>
  );
}
