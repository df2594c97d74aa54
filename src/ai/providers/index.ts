import type { Config } from '../../config.ts';
import type { AnalysisProvider, LocalContext } from '../stage.ts';
import { AnthropicProvider } from './anthropic-provider.ts';
import { LocalProvider } from './local-provider.ts';
import { OpenAIProvider } from './openai-provider.ts';

/** The provider chosen by `AI_PROVIDER`, made once at start-up. */
export function createProvider(config: Config, context: LocalContext): AnalysisProvider {
  switch (config.aiProvider) {
    case 'local':
      return new LocalProvider(context);
    case 'openai':
      return new OpenAIProvider(config.ai);
    case 'anthropic':
      return new AnthropicProvider(config.ai);
  }
}
