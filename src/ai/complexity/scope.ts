import { PhraseMatcher } from '../taxonomy/phrase-matcher.ts';
import type { ParsedText } from '../taxonomy/text-parser.ts';

/**
 * The parts of a brief that make its scope: technical components to build ("a mobile app", "an API", "a database")
 * and other deliverables ("a campaign plan", "ten short videos", "an impact report"). What makes it a community
 * discussion instead is read by routing-signals.ts.
 */
const COMPONENTS: Record<string, { area: string; phrases: string[] }> = {
  'mobile app': { area: 'mobile', phrases: ['mobile app', 'phone app', 'ios', 'android', 'iphone', 'smartphone app'] },
  website: {
    area: 'frontend',
    phrases: ['website', 'web app', 'web application', 'web portal', 'landing page', 'booking pages', 'online booking'],
  },
  API: { area: 'backend', phrases: ['api', 'backend', 'back-end', 'web service', 'webhook'] },
  integration: {
    area: 'backend',
    phrases: ['integrate with', 'integration with', 'sync with', 'import from', 'connect to', 'existing system'],
  },
  database: {
    area: 'databases',
    phrases: ['database', 'data store', 'central register', 'stored in', 'inventory system', 'records system'],
  },
  dashboard: { area: 'analytics', phrases: ['dashboard', 'reporting tool', 'reports dashboard'] },
  'admin view': { area: 'frontend', phrases: ['admin view', 'admin panel', 'coordinator view', 'back office'] },
  'data pipeline': {
    area: 'data-engineering',
    phrases: ['data pipeline', 'etl', 'data sources', 'brings these sources together', 'ingest'],
  },
  payments: { area: 'ecommerce', phrases: ['payment', 'checkout', 'online donations', 'online shop'] },
  'user accounts': {
    area: 'security',
    phrases: ['user accounts', 'login', 'log in', 'sign in', 'password', 'authentication', 'sign up'],
  },
  notifications: { area: 'backend', phrases: ['reminders', 'notifications', 'sms', 'push notifications', 'alerts'] },
  'offline sync': { area: 'mobile', phrases: ['offline', 'sync later'] },
  'predictive model': {
    area: 'data-science',
    phrases: ['machine learning', 'predictive model', 'predicts', 'forecast', 'forecasting', 'ai model'],
  },
  maps: { area: 'gis', phrases: ['interactive map', 'maps', 'gps', 'geolocation'] },
  chatbot: { area: 'data-science', phrases: ['chatbot', 'chat bot', 'virtual assistant'] },
  hardware: { area: 'embedded', phrases: ['sensor', 'iot', 'firmware'] },
};

const DELIVERABLES = [
  'campaign plan',
  'campaign',
  'content calendar',
  'video',
  'report',
  'plan',
  'strategy',
  'curriculum',
  'lesson plans',
  'handouts',
  'training session',
  'guidelines',
  'logo',
  'templates',
  'prototype',
  'wireframes',
  'findings',
  'survey',
  'interviews',
  'literature review',
  'evaluation',
  'standard operating procedures',
  'procedures',
  'sponsorship pack',
  'event plan',
  'newsletter',
  'pages',
  'audit',
  'baseline',
  'model',
  'course',
  'workshops',
  'recommendations',
];

/** A technical component and the skill area that builds it. */
export type Component = { label: string; area: string };

export type Scope = { components: Component[]; deliverables: string[] };

let matchers: {
  components: PhraseMatcher<Component>;
  deliverables: PhraseMatcher<string>;
};

function scopeMatchers() {
  const entries = <T>(phrases: [string, T][]) =>
    phrases.map(([phrase, target]) => ({ phrase, target, mode: 'any-case' as const }));
  matchers ??= {
    components: new PhraseMatcher(
      entries(
        Object.entries(COMPONENTS).flatMap(([label, { area, phrases }]) => {
          const component: Component = { label, area };
          return phrases.map((phrase): [string, Component] => [phrase, component]);
        }),
      ),
    ),
    deliverables: new PhraseMatcher(entries(DELIVERABLES.map((phrase): [string, string] => [phrase, phrase]))),
  };
  return matchers;
}

export function readScope(parsed: ParsedText): Scope {
  const { components, deliverables } = scopeMatchers();
  return {
    components: [...new Set(components.match(parsed).map((match) => match.target))],
    deliverables: [...new Set(deliverables.match(parsed).map((match) => match.target))],
  };
}
