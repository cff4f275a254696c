/**
 * Worker-thread side of overlay resolution: pure CPU over the course, the render's request and its
 * sidecar, so the API's event loop keeps answering (and its deadlines keep firing) meanwhile.
 */
import { OverlayBudgetError, resolveOverlays } from '@caddie/renderer';
import { OverlayDataMissingError } from '@caddie/styles';
import { serveThreadTasks } from '../platform/threads/thread-tasks';
import type { OverlayResolutionOutcome, OverlayResolutionTask } from './overlay-resolution-task';

serveThreadTasks(resolveTask);

function resolveTask(task: OverlayResolutionTask): OverlayResolutionOutcome {
  try {
    return { ok: true, overlays: resolveOverlays(task.items, task.context, task.budget) };
  } catch (error) {
    if (error instanceof OverlayDataMissingError || error instanceof OverlayBudgetError) {
      return { ok: false, code: error.code, message: error.message, extras: error.extras ?? null };
    }
    return { ok: false, code: null, message: error instanceof Error ? error.message : String(error), extras: null };
  }
}
