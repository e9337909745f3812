import { useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent } from "react";
import { isValidBarcode } from "@kim/domain";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@kim/ui/dialog";
import { Label } from "@kim/ui/label";
import { decodeImageFile, ScannerError, startCameraScan, type CameraScan, type ScannerProblem } from "./quagga-scanner";

type ScannerState = "initializing" | "scanning" | "stopped";

const PROBLEM_TEXT: Record<ScannerProblem, string> = {
  "no-camera": "No camera found on this device",
  "start-failed": "Failed to start camera",
  "insecure-context": "Camera access needs a secure connection (https or localhost)",
  unsupported: "Camera streaming is not supported by this browser",
};
// Every camera problem leaves the picture option below working, so the message points there.
const PICTURE_HINT = "You can scan a barcode from a picture below.";

const PICTURE_TEXT = {
  reading: "Reading picture...",
  unreadable: "This picture could not be read. Try another picture.",
  "no-barcode": "No barcode found in this picture. Try a sharper picture, or add the product by hand.",
} as const;
type PictureStatus = keyof typeof PICTURE_TEXT;

interface BarcodeScannerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once per opening with the first barcode read, after the camera has stopped. */
  onDetected: (code: string) => void;
  title?: string;
}

/** Camera or picture barcode scanner; closing it stops the camera. */
export function BarcodeScannerDialog({ open, onOpenChange, onDetected, title = "Scan Barcode" }: BarcodeScannerDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>Point your camera at a barcode, or scan it from a picture.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so unmounting is what stops the camera. */}
        {open ? <BarcodeScanner onDetected={onDetected} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BarcodeScanner({ onDetected }: { onDetected: (code: string) => void }) {
  const fileId = useId();
  const viewport = useRef<HTMLDivElement>(null);
  const camera = useRef<CameraScan | null>(null);
  const done = useRef(false);
  const [state, setState] = useState<ScannerState>("initializing");
  const [problem, setProblem] = useState<string | null>(null);
  const [picture, setPicture] = useState<PictureStatus | null>(null);
  // Each picked picture gets a number; only the newest one's answer counts.
  const latestPicture = useRef(0);
  const stopCamera = async () => {
    const running = camera.current;
    camera.current = null;
    setState("stopped");
    await running?.stop();
  };

  const finish = async (code: string) => {
    if (done.current) return;
    done.current = true;
    await stopCamera();
    onDetected(code);
  };

  // An effect event: the camera keeps running when the parent re-renders with a new callback.
  const onCameraCode = useEffectEvent((code: string) => {
    // A misread rarely passes the check digit; keep scanning until a real code shows.
    if (isValidBarcode(code)) void finish(code);
  });

  useEffect(() => {
    const target = viewport.current;
    if (!target) return;
    let cancelled = false;
    let started: CameraScan | null = null;
    startCameraScan(target, (code) => {
      if (!cancelled) onCameraCode(code);
    }).then(
      (scan) => {
        started = scan;
        if (cancelled) return void scan.stop();
        camera.current = scan;
        setState("scanning");
      },
      (error: unknown) => {
        if (cancelled) return;
        // Shown once, inline beside the picture option; a toast on top would only repeat it.
        setProblem(PROBLEM_TEXT[error instanceof ScannerError ? error.problem : "start-failed"]);
        setState("stopped");
      },
    );
    return () => {
      cancelled = true;
      void started?.stop();
    };
  }, []);

  const scanFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so picking the same file again (or another) is always seen.
    event.target.value = "";
    if (!file) return;
    const number = ++latestPicture.current;
    setPicture("reading");
    try {
      await stopCamera();
      const result = await decodeImageFile(file);
      if (number !== latestPicture.current) return;
      if (result.kind === "code" && isValidBarcode(result.code)) {
        setPicture(null);
        return await finish(result.code);
      }
      setPicture(result.kind === "unreadable" ? "unreadable" : "no-barcode");
    } catch {
      if (number === latestPicture.current) setPicture("unreadable");
    }
  };

  return (
    <div className="grid gap-4">
      <div className="relative mx-auto aspect-square w-full max-w-[320px] overflow-hidden rounded-lg bg-muted">
        {/* Quagga puts its video and canvas in here. */}
        <div ref={viewport} className="size-full [&_canvas]:hidden [&_video]:size-full [&_video]:object-cover" />
        {state === "scanning" ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-1/2 size-[250px] max-h-[80%] max-w-[80%] -translate-x-1/2 -translate-y-1/2 rounded-md border-2 border-primary shadow-[0_0_0_9999px_rgb(0_0_0/0.35)]"
          />
        ) : null}
        {problem ? (
          <p
            role="alert"
            data-testid="camera-problem"
            className="absolute inset-0 flex flex-col items-center justify-center gap-1 p-6 text-center text-sm"
          >
            <span className="font-medium text-destructive">{problem}</span>
            <span className="text-muted-foreground">{PICTURE_HINT}</span>
          </p>
        ) : null}
      </div>
      <p className="text-center text-sm text-muted-foreground">
        Camera:{" "}
        <span data-testid="scanner-state" className="font-medium text-foreground">
          {state}
        </span>
      </p>
      <div className="grid gap-2">
        <Label htmlFor={fileId}>Scan from a picture</Label>
        <input
          id={fileId}
          type="file"
          accept="image/*"
          aria-describedby={picture ? `${fileId}-status` : undefined}
          onChange={(e) => void scanFile(e)}
          className="block w-full text-sm text-muted-foreground file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-foreground hover:file:bg-accent focus-visible:rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
        />
        <p
          id={`${fileId}-status`}
          data-testid="picture-status"
          aria-live="polite"
          className={picture && picture !== "reading" ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
        >
          {picture ? PICTURE_TEXT[picture] : null}
        </p>
      </div>
    </div>
  );
}
