/**
 * The catalog's browser surface: what the console bundles (dependency-free modules only; the rest
 * of the catalog reads files and parses OpenStreetMap in Node).
 */
export { holeFlagInWords } from './hole-flag-meanings';
