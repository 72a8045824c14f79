import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { PassThrough, type Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { FileStorage } from "./file-storage";

export type S3Settings = {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

// Loaded when the store is first used: a server on the local disk never carries the SDK.
let sdk: Promise<[typeof import("@aws-sdk/client-s3"), typeof import("@aws-sdk/lib-storage")]> | undefined;
function loadSdk() {
  // The SDK warns once, through process.emitWarning, that its releases after January 2027 need
  // Node 22; its own switch keeps that out of the server's output (the versions in
  // package-lock.json run on Node 20).
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  return (sdk ??= Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]));
}

function isMissing(error: unknown) {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === "NotFound" || name === "NoSuchKey" || $metadata?.httpStatusCode === 404;
}

/**
 * Uploaded files in an S3-compatible bucket (AWS, MinIO, Garage, R2 …), so that every instance
 * of a club's Chapter reads what any of them stored. A file is still received, checked and
 * re-encoded in a local folder first (`temporaryDir`); it then streams to the bucket in parts
 * (lib-storage's Upload), never whole in memory, and reads stream back, with a byte range for
 * videos.
 */
export class S3Storage implements FileStorage {
  private client: Promise<S3Client> | undefined;

  constructor(
    private settings: S3Settings,
    private incomingDir: string,
  ) {}

  get bucketName() {
    return this.settings.bucket;
  }

  private s3() {
    return (this.client ??= loadSdk().then(
      ([{ S3Client }]) =>
        new S3Client({
          region: this.settings.region,
          endpoint: this.settings.endpoint,
          forcePathStyle: this.settings.forcePathStyle,
          credentials:
            this.settings.accessKeyId && this.settings.secretAccessKey
              ? { accessKeyId: this.settings.accessKeyId, secretAccessKey: this.settings.secretAccessKey }
              : undefined,
          // Non-AWS services refuse the checksums the SDK adds by default.
          requestChecksumCalculation: "WHEN_REQUIRED",
          responseChecksumValidation: "WHEN_REQUIRED",
        }),
    ));
  }

  async putFile(key: string, sourcePath: string) {
    const [, { Upload }] = await loadSdk();
    const body = fs.createReadStream(sourcePath);
    try {
      await new Upload({ client: await this.s3(), params: { Bucket: this.settings.bucket, Key: key, Body: body } }).done();
    } finally {
      body.destroy();
    }
    await fsp.rm(sourcePath, { force: true });
  }

  async putBuffer(key: string, data: Buffer) {
    const [{ PutObjectCommand }] = await loadSdk();
    await (await this.s3()).send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: key, Body: data }));
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    const out = new PassThrough();
    void (async () => {
      const [{ GetObjectCommand }] = await loadSdk();
      const answer = await (
        await this.s3()
      ).send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
      const body = answer.Body as Readable | undefined;
      if (!body) throw new Error(`The bucket answered no content for ${key}`);
      body.on("error", (error) => out.destroy(error));
      // The reader went away (a closed video): stop the download too.
      out.on("close", () => body.destroy());
      body.pipe(out);
    })().catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  async size(key: string) {
    const [{ HeadObjectCommand }] = await loadSdk();
    try {
      const head = await (await this.s3()).send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async remove(key: string) {
    const [{ DeleteObjectCommand }] = await loadSdk();
    await (await this.s3()).send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  temporaryDir() {
    fs.mkdirSync(this.incomingDir, { recursive: true });
    return this.incomingDir;
  }

  /** Every stored key with its size, a page of the bucket's listing at a time. */
  async *list(): AsyncGenerator<{ key: string; size: number }> {
    const [{ ListObjectsV2Command }] = await loadSdk();
    let token: string | undefined;
    do {
      const page = await (await this.s3()).send(new ListObjectsV2Command({ Bucket: this.settings.bucket, ContinuationToken: token }));
      for (const item of page.Contents ?? []) if (item.Key) yield { key: item.Key, size: item.Size ?? 0 };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The local folder files are received in before they go to the bucket. */
export function incomingDirFor(uploadsDir: string) {
  return path.join(uploadsDir, ".incoming");
}
