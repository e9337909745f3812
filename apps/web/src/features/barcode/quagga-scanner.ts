import type { QuaggaJSConfigObject } from "@ericblade/quagga2";

export const BARCODE_READERS = ["ean_reader", "ean_8_reader", "upc_reader", "upc_e_reader"] as const;

/** Spec: 10 frames per second, square view. */
const FREQUENCY = 10;
const ASPECT_RATIO = 1;
const FILE_SCAN_SIZE = 800;

export type ScannerProblem = "insecure-context" | "unsupported" | "no-camera" | "start-failed";

export class ScannerError extends Error {
  constructor(readonly problem: ScannerProblem) {
    super(problem);
    this.name = "ScannerError";
  }
}

// Loaded on first use so the barcode reader never weighs on a page that does not scan.
const loadQuagga = () => import("@ericblade/quagga2").then((m) => m.default);

// Quagga is a singleton: run starts, stops and file decodes one after another.
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

async function pickCamera(): Promise<MediaTrackConstraints> {
  if (!window.isSecureContext) throw new ScannerError("insecure-context");
  if (!navigator.mediaDevices?.getUserMedia) throw new ScannerError("unsupported");
  const cameras = (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === "videoinput");
  if (cameras.length === 0) throw new ScannerError("no-camera");
  // Labels are only known once camera permission was granted; until then fall back to facingMode.
  const back = cameras.find((d) => d.deviceId && d.label.toLowerCase().includes("back"));
  return back ? { deviceId: { exact: back.deviceId }, aspectRatio: ASPECT_RATIO } : { facingMode: "environment", aspectRatio: ASPECT_RATIO };
}

function isNoCameraError(error: unknown): boolean {
  return error instanceof DOMException && (error.name === "NotFoundError" || error.name === "OverconstrainedError");
}

export interface CameraScan {
  stop: () => Promise<void>;
}

/** Streams the camera into `target` and calls `onCode` for each decoded barcode until stopped. */
export function startCameraScan(target: HTMLElement, onCode: (code: string) => void): Promise<CameraScan> {
  return serially(async () => {
    const constraints = await pickCamera();
    const Quagga = await loadQuagga();
    const config: QuaggaJSConfigObject = {
      inputStream: { type: "LiveStream", target, constraints },
      frequency: FREQUENCY,
      decoder: { readers: [...BARCODE_READERS] },
      locate: true,
    };
    try {
      await Quagga.init(config);
    } catch (error) {
      throw new ScannerError(isNoCameraError(error) ? "no-camera" : "start-failed");
    }
    const handler = (result: { codeResult: { code: string | null } }) => {
      if (result.codeResult.code) onCode(result.codeResult.code);
    };
    Quagga.onDetected(handler);
    Quagga.start();
    let stopped = false;
    return {
      stop: () =>
        serially(async () => {
          if (stopped) return;
          stopped = true;
          Quagga.offDetected(handler);
          await Quagga.stop();
        }),
    };
  });
}

/** The barcode in a picture, or null when none can be read. */
export function decodeImageFile(file: File): Promise<string | null> {
  return serially(async () => {
    const Quagga = await loadQuagga();
    const src = URL.createObjectURL(file);
    try {
      const result = await Quagga.decodeSingle({
        src,
        numOfWorkers: 0,
        inputStream: { size: FILE_SCAN_SIZE },
        decoder: { readers: [...BARCODE_READERS] },
        locate: true,
      });
      return result?.codeResult?.code ?? null;
    } catch {
      return null;
    } finally {
      URL.revokeObjectURL(src);
    }
  });
}
