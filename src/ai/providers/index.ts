import type { Config } from '../../config.ts';
import type { AnalysisProvider } from '../stage.ts';
import { LocalThreadProvider } from './local-thread-provider.ts';

/**
 * The provider chosen by `AI_PROVIDER`, made once at start-up. A model provider's module is imported only when
 * chosen: each SDK costs a process 15–25 MB of memory.
 */
export async function createProvider(config: Config): Promise<AnalysisProvider> {
  switch (config.aiProvider) {
    case 'local':
      return new LocalThreadProvider({ threads: config.analysisThreads, timeoutMs: config.analysisTimeoutMs });
    case 'openai': {
      const { OpenAIProvider } = await import('./openai-provider.ts');
      return new OpenAIProvider(config.ai);
    }
    case 'anthropic': {
      const { AnthropicProvider } = await import('./anthropic-provider.ts');
      return new AnthropicProvider(config.ai);
    }
  }
}
