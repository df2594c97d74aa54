import type { Config } from '../../config.ts';
import type { AnalysisProvider, LocalContext } from '../stage.ts';
import { LocalProvider } from './local-provider.ts';

/** The provider chosen by `AI_PROVIDER`, made once at start-up. */
export function createProvider(config: Config, context: LocalContext): AnalysisProvider {
  switch (config.aiProvider) {
    case 'local':
      return new LocalProvider(context);
    default:
      // Model providers arrive with issue 3 (src/ai/providers/openai-provider.ts, anthropic-provider.ts).
      throw new Error(`AI_PROVIDER=${config.aiProvider} is not available yet.`);
  }
}
