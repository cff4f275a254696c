/** Part of every artifact key: bump whenever the pixels of any graphic change. */
export const RENDERER_VERSION = 'caddie-renderer@1.2.0';
