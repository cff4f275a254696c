// A thread for the pool's tests: answers `{ echo }` after spinning its CPU for `spinMs`.
import { serveThreadTasks } from '../thread-tasks';

serveThreadTasks((task: { spinMs: number; echo: number }) => {
  const until = Date.now() + task.spinMs;
  while (Date.now() < until);
  return { echo: task.echo };
});
