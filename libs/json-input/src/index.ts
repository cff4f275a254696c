export { MAX_INPUT_DEPTH, pathBeyondDepth, formatInputPath, type InputPath } from './input-depth';
export { INPUT_EXCERPT_CHARS, inputExcerpt } from './input-excerpt';
