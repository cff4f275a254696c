import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiProblem } from '../platform/problems/api-problem';

/** Spec Limits: multipart scorecard upload. */
export const MULTIPART_LIMITS = { imageBytes: 4_000_000, requestBytes: 4_250_000 } as const;

const METADATA_FIELDS = ['identifier', 'courseId', 'teeBox'] as const;
const metadataValue = z.string().min(1).max(200);

export interface ScorecardMetadata {
  identifier: string | null;
  courseId: string | null;
  teeBox: string | null;
}

export type ScorecardImageInput = { method: 'multipart'; bytes: Buffer } | { method: 'url'; url: string };

export interface ScorecardRequestInput {
  metadata: ScorecardMetadata;
  image: ScorecardImageInput;
}

const jsonRequestSchema = z.strictObject({
  identifier: metadataValue.optional(),
  courseId: metadataValue.optional(),
  teeBox: metadataValue.optional(),
  image: z.strictObject({ url: z.string().min(1) }),
});

function invalid(detail: string): ApiProblem {
  return new ApiProblem('invalid-scorecard-request', detail);
}

/** The media type of the request without parameters, lowercased. */
export function mediaType(request: FastifyRequest): string {
  return String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}

/** Reads the two accepted request forms; anything else is 415 unsupported-content-type. */
export async function readScorecardRequest(request: FastifyRequest): Promise<ScorecardRequestInput> {
  const type = mediaType(request);
  if (type === 'multipart/form-data') return readMultipart(request);
  if (type === 'application/json') return readJson(request.body);
  throw new ApiProblem('unsupported-content-type', 'Send multipart/form-data (file part image) or application/json ({ image: { url } }).');
}

function readJson(body: unknown): ScorecardRequestInput {
  const parsed = jsonRequestSchema.safeParse(body);
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  }
  const { image, ...metadata } = parsed.data;
  return {
    metadata: { identifier: metadata.identifier ?? null, courseId: metadata.courseId ?? null, teeBox: metadata.teeBox ?? null },
    image: { method: 'url', url: image.url },
  };
}

/** Multipart errors of @fastify/multipart and busboy, by code. */
function multipartProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiProblem('image-too-large', `The image part exceeds ${MULTIPART_LIMITS.imageBytes} bytes.`);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
    return invalid('The multipart body has too many or forbidden parts; send one image and optional identifier, courseId, teeBox.');
  }
  return new ApiProblem('invalid-multipart', 'The multipart body or its boundary is malformed.');
}

async function readMultipart(request: FastifyRequest): Promise<ScorecardRequestInput> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > MULTIPART_LIMITS.requestBytes) {
    throw new ApiProblem('scorecard-request-too-large', `The request is ${declared} bytes, above the ${MULTIPART_LIMITS.requestBytes} byte limit.`);
  }
  let received = 0;
  const count = (chunk: Buffer) => (received += chunk.length);
  const tooLarge = () => received > MULTIPART_LIMITS.requestBytes;

  const fields = new Map<string, string>();
  let bytes: Buffer | undefined;
  try {
    const parts = request.parts({
      limits: {
        fileSize: MULTIPART_LIMITS.imageBytes,
        files: 1,
        fields: METADATA_FIELDS.length,
        parts: METADATA_FIELDS.length + 1,
        fieldSize: 200,
        fieldNameSize: 64,
        headerPairs: 20,
      },
    });
    // Chunked uploads declare no length: count what arrives (after parts() has piped the stream, so no chunk is missed).
    request.raw.on('data', count);
    for await (const part of parts) {
      if (tooLarge()) throw new ApiProblem('scorecard-request-too-large', `The request exceeds ${MULTIPART_LIMITS.requestBytes} bytes.`);
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          throw invalid(`Unexpected file part "${part.fieldname.slice(0, 64)}"; the photo goes in the part named image.`);
        }
        bytes = await part.toBuffer();
        continue;
      }
      const name = part.fieldname;
      if (!(METADATA_FIELDS as readonly string[]).includes(name)) throw invalid(`Unknown field "${name.slice(0, 64)}".`);
      if (fields.has(name)) throw invalid(`Field ${name} is sent more than once.`);
      if (part.valueTruncated || typeof part.value !== 'string' || !metadataValue.safeParse(part.value).success) {
        throw invalid(`Field ${name} must be a string of 1 to 200 characters.`);
      }
      fields.set(name, part.value);
    }
  } catch (error) {
    if (tooLarge()) throw new ApiProblem('scorecard-request-too-large', `The request exceeds ${MULTIPART_LIMITS.requestBytes} bytes.`);
    throw multipartProblem(error);
  } finally {
    request.raw.off('data', count);
  }
  if (tooLarge()) throw new ApiProblem('scorecard-request-too-large', `The request exceeds ${MULTIPART_LIMITS.requestBytes} bytes.`);
  if (!bytes || bytes.length === 0) throw invalid('The multipart body has no file part named image.');
  return {
    metadata: { identifier: fields.get('identifier') ?? null, courseId: fields.get('courseId') ?? null, teeBox: fields.get('teeBox') ?? null },
    image: { method: 'multipart', bytes },
  };
}
