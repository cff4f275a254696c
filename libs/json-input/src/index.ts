export { MAX_INPUT_DEPTH, pathBeyondDepth, formatInputPath, type InputPath } from './input-depth';
export { inputExcerpt } from './input-excerpt';
