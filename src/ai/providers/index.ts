import type { Config } from '../../config.ts';
import type { AnalysisProvider } from '../stage.ts';
import { AnthropicProvider } from './anthropic-provider.ts';
import { LocalThreadProvider } from './local-thread-provider.ts';
import { OpenAIProvider } from './openai-provider.ts';

/** The provider chosen by `AI_PROVIDER`, made once at start-up. */
export function createProvider(config: Config): AnalysisProvider {
  switch (config.aiProvider) {
    case 'local':
      return new LocalThreadProvider({ threads: config.analysisThreads, timeoutMs: config.analysisTimeoutMs });
    case 'openai':
      return new OpenAIProvider(config.ai);
    case 'anthropic':
      return new AnthropicProvider(config.ai);
  }
}
