import { processorFor, type CaptureDefinition } from '@caddie/fiducials';

/**
 * The production capture registry: a capture is routable when it is the page capture of a
 * production design's processor (`M9H1/front-nine-page`, ...). Spread topologies of the
 * catalog (`M9H1/horizontal-spread`) are defined geometry but not yet rolled out, so they
 * fail closed with `scorecard-capture-disabled` rather than being normalized.
 */
export function isProductionCapture(capture: CaptureDefinition): boolean {
  return processorFor(capture.designCode) === capture.captureId;
}
