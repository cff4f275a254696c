import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type ArtifactStore, decodeArtifactToken, verifyArtifactSignature } from '@caddie/artifacts';
import { ApiConfig } from '../platform/config/api-config';
import { Operation } from '../platform/http/operation.decorator';
import { ValidParams, ValidQuery } from '../platform/http/validated-input';
import { ApiProblem } from '../platform/problems/api-problem';
import { ARTIFACT_STORE } from '../platform/storage/artifact-store.provider';

/** Serves stored artifacts through HMAC-signed URLs: the signature is the capability, no key is needed. */
@Controller('artifacts')
export class ArtifactsController {
  constructor(
    @Inject(ARTIFACT_STORE) private readonly store: ArtifactStore,
    private readonly config: ApiConfig,
  ) {}

  @Get(':token')
  @Operation({
    operationId: 'getSignedArtifact',
    summary: 'A stored artifact through its signed URL',
    tags: ['Catalog'],
    access: 'public',
    params: z.strictObject({
      token: z
        .string()
        .regex(/^[A-Za-z0-9_-]{1,400}$/)
        .describe('The artifact, as a signed URL names it'),
    }),
    query: z.strictObject({
      exp: z.coerce.number().int().positive().describe('Expiry, Unix seconds'),
      sig: z.string().max(100).describe('HMAC signature of token and exp'),
    }),
    responses: {
      200: {
        description: 'The artifact bytes',
        contentTypes: ['image/webp', 'image/png', 'image/jpeg', 'application/pdf', 'application/zip', 'application/json', 'application/octet-stream'],
      },
    },
    problems: ['invalid-signature', 'signature-expired', 'artifact-not-found'],
    example: {
      summary: 'The imageUrl of a ready GraphicRenderDescriptor (local store)',
      parameters: { token: 'Z3JhcGhpY3Mvc2hhMjU2LTVmMGM3YzFlLndlYnA', exp: 1764000900, sig: 'kq3Xw1nq0N2m7yH0xP5bVv3cR8sD1aF6gT9uJ2eL4oQ' },
      // the one JSON artifact: a printable's manifest.json (images, PDFs and ZIPs are bytes)
      responses: {
        200: {
          schema: 'caddie-printable-manifest@1',
          template: 'yardage-book@1',
          courseId: 'demo-pine-hollow',
          pages: [{ index: 0, kind: 'cover', title: 'Pine Hollow Golf Club' }],
        },
      },
    },
  })
  async get(@ValidParams() params: { token: string }, @ValidQuery() query: { exp: number; sig: string }, @Res() reply: FastifyReply) {
    const key = decodeArtifactToken(params.token);
    const verdict = verifyArtifactSignature(this.config.signingSecret, key, query.exp, query.sig);
    if (verdict === 'invalid') throw new ApiProblem('invalid-signature', 'The signature does not match this URL.');
    if (verdict === 'expired') throw new ApiProblem('signature-expired', 'This signed URL has expired.');
    const object = await this.store.get(key).catch(() => null);
    if (!object) throw new ApiProblem('artifact-not-found', 'The artifact does not exist (any more).');
    const maxAge = Math.max(0, query.exp - Math.floor(Date.now() / 1000));
    reply
      .header('content-type', object.contentType)
      .header('cache-control', `private, max-age=${maxAge}, immutable`)
      .header('content-length', String(object.body.length));
    if (object.metadata.sha256) reply.header('etag', `"${object.metadata.sha256}"`);
    reply.send(object.body);
  }
}
