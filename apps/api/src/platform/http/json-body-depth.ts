import { formatInputPath, MAX_INPUT_DEPTH, pathBeyondDepth } from '@caddie/json-input';
import { ApiProblem } from '../problems/api-problem';

/**
 * A parsed JSON body nested past MAX_INPUT_DEPTH, as a 400 naming where: refused here, once for
 * every route, so no validator or serializer after the parser meets a stack-overflowing value.
 */
export function jsonDepthProblem(body: unknown): ApiProblem | null {
  const path = pathBeyondDepth(body, MAX_INPUT_DEPTH);
  if (!path) return null;
  const where = formatInputPath(path);
  const detail = `The JSON body nests deeper than ${MAX_INPUT_DEPTH} levels at ${where}.`;
  return new ApiProblem('json-too-deep', detail, {
    errors: [{ parameter: where, code: 'json-too-deep', detail: `nested deeper than ${MAX_INPUT_DEPTH} levels` }],
  });
}
