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
  return back
    ? { deviceId: { exact: back.deviceId }, aspectRatio: ASPECT_RATIO }
    : { facingMode: "environment", aspectRatio: ASPECT_RATIO };
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

/** What a picture gave: a code, a readable picture without a barcode, or a file the browser cannot open as a picture. */
export type PictureScan = { kind: "code"; code: string } | { kind: "no-barcode" } | { kind: "unreadable" };

/** Quagga never answers for some pictures; past this the picture counts as unreadable and the queue moves on. */
const PICTURE_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** True when the browser can decode the file as an image; Quagga itself hangs or throws elsewhere on broken files. */
async function isDecodableImage(file: File): Promise<boolean> {
  try {
    const bitmap = await createImageBitmap(file);
    const ok = bitmap.width > 0 && bitmap.height > 0;
    bitmap.close();
    return ok;
  } catch {
    return false;
  }
}

/** The barcode in a picture. Never rejects and always settles, so the next picture can follow at once. */
export function decodeImageFile(file: File): Promise<PictureScan> {
  return serially(async (): Promise<PictureScan> => {
    if (!(await isDecodableImage(file))) return { kind: "unreadable" };
    const Quagga = await loadQuagga();
    const src = URL.createObjectURL(file);
    try {
      const result = await withTimeout(
        Quagga.decodeSingle({
          src,
          numOfWorkers: 0,
          inputStream: { size: FILE_SCAN_SIZE },
          decoder: { readers: [...BARCODE_READERS] },
          locate: true,
        }),
        PICTURE_TIMEOUT_MS,
        null,
      );
      const code = result?.codeResult?.code;
      return code ? { kind: "code", code } : { kind: "no-barcode" };
    } catch {
      return { kind: "unreadable" };
    } finally {
      URL.revokeObjectURL(src);
    }
  });
}
