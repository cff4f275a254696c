import { ScorecardQueue } from '../../apps/api/src/scorecards/scorecard-queue';
import { startApi, type ApiHarness } from '../support/api-harness';

/**
 * The scorecard deadlines are configuration (SCORECARD_NORMALIZE_DEADLINE_MS,
 * SCORECARD_PROCESS_DEADLINE_MS): an operator on slow or shared hardware raises them, and the
 * whole-request budget follows the larger one, so the scorecard deadline is the one that answers.
 */
describe('scorecard deadlines from the environment', () => {
  let api: ApiHarness;
  afterEach(async () => {
    await api?.close();
  });

  it('uses 20 s and 30 s by default', async () => {
    api = await startApi();
    expect(api.app.get(ScorecardQueue).timing).toMatchObject({ normalizeDeadlineMs: 20_000, processDeadlineMs: 30_000 });
  });

  it('takes both from the environment', async () => {
    api = await startApi({ env: { SCORECARD_NORMALIZE_DEADLINE_MS: '45000', SCORECARD_PROCESS_DEADLINE_MS: '90000' } });
    expect(api.app.get(ScorecardQueue).timing).toMatchObject({ normalizeDeadlineMs: 45_000, processDeadlineMs: 90_000 });
  });
});
