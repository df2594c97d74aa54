import { AnalysisLimitError, type AnalysisProvider } from '../ai/stage.ts';
import type { Metrics } from './metrics.ts';

/**
 * `provider` with every stage run counted in `guild_analysis_runs_total` by stage and outcome: succeeded, overrun (an
 * offline analysis stopped at its deadline or memory cap, `AnalysisLimitError`) or failed (anything else: a model
 * that failed or answered outside the schema after its attempts). A CV that cannot be read never reaches a stage,
 * and is counted by its job instead (`guild_job_duration_seconds`).
 */
export function observeAnalyses(provider: AnalysisProvider, metrics: Metrics): AnalysisProvider {
  return {
    name: provider.name,
    model: provider.model,
    async run(stage, input) {
      try {
        const result = await provider.run(stage, input);
        metrics.analysisFinished(stage.name, 'succeeded');
        return result;
      } catch (error) {
        metrics.analysisFinished(stage.name, error instanceof AnalysisLimitError ? 'overrun' : 'failed');
        throw error;
      }
    },
    close: async () => provider.close?.(),
  };
}
