import type { GeometryLayer } from '../model';
import type { TaggedFeature } from './tagged-feature';

export interface ClassifiedFeature {
  feature: TaggedFeature;
  layer: GeometryLayer;
  kind: string | null;
}
