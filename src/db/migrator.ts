import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import { type ColumnTypes, columnTypesFor, type Dialect } from './column-types.ts';
import * as initial from './migrations/0001_initial.ts';
import * as loginThrottle from './migrations/0002_login_throttle.ts';
import * as skillsOnDemand from './migrations/0003_skills_on_demand.ts';
import * as taskSources from './migrations/0004_task_sources.ts';
import * as skillEvidence from './migrations/0005_skill_evidence.ts';
import * as lifecycleGaps from './migrations/0006_lifecycle_gaps.ts';
import * as webTokenLifetime from './migrations/0007_web_token_lifetime.ts';
import * as taskFit from './migrations/0008_task_fit.ts';
import * as notificationCounts from './migrations/0009_notification_counts.ts';
import * as emailConfirmation from './migrations/0010_email_confirmation.ts';
import * as webhooks from './migrations/0011_webhooks.ts';
import * as idempotencyKeys from './migrations/0012_idempotency_keys.ts';
import * as storageSweeps from './migrations/0013_storage_sweeps.ts';
import * as companyTaskEdits from './migrations/0014_company_task_edits.ts';
import * as chosenInvitations from './migrations/0015_chosen_invitations.ts';
import * as reviewAndThreads from './migrations/0016_review_and_threads.ts';
import * as contests from './migrations/0017_contests.ts';
import * as contributorsAct from './migrations/0018_contributors_act.ts';
import * as mailPreferencesAndResets from './migrations/0019_mail_preferences_and_resets.ts';
import * as challengeCounts from './migrations/0021_challenge_counts.ts';
import * as webhookDeliveryRetention from './migrations/0022_webhook_delivery_retention.ts';
import * as notificationChallenges from './migrations/0028_notification_challenges.ts';
import * as taskSkillCore from './migrations/0029_task_skill_core.ts';
import * as analysisSteps from './migrations/0030_analysis_steps.ts';
import * as feedDepth from './migrations/0031_feed_depth.ts';
import * as readVersions from './migrations/0032_read_versions.ts';
import * as notificationDeletions from './migrations/0033_notification_deletions.ts';
import * as perUserReadVersions from './migrations/0034_per_user_read_versions.ts';
import * as notificationPageVersions from './migrations/0035_notification_page_versions.ts';

type MigrationModule = { up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> };

/** Every migration, in order. Listed here rather than read from disk so that the set is fixed at build time. */
const migrations: Record<string, MigrationModule> = {
  '0001_initial': initial,
  '0002_login_throttle': loginThrottle,
  '0003_skills_on_demand': skillsOnDemand,
  '0004_task_sources': taskSources,
  '0005_skill_evidence': skillEvidence,
  '0006_lifecycle_gaps': lifecycleGaps,
  '0007_web_token_lifetime': webTokenLifetime,
  '0008_task_fit': taskFit,
  '0009_notification_counts': notificationCounts,
  '0010_email_confirmation': emailConfirmation,
  '0011_webhooks': webhooks,
  '0012_idempotency_keys': idempotencyKeys,
  '0013_storage_sweeps': storageSweeps,
  '0014_company_task_edits': companyTaskEdits,
  '0015_chosen_invitations': chosenInvitations,
  '0016_review_and_threads': reviewAndThreads,
  '0017_contests': contests,
  '0018_contributors_act': contributorsAct,
  '0019_mail_preferences_and_resets': mailPreferencesAndResets,
  '0021_challenge_counts': challengeCounts,
  '0022_webhook_delivery_retention': webhookDeliveryRetention,
  '0028_notification_challenges': notificationChallenges,
  '0029_task_skill_core': taskSkillCore,
  '0030_analysis_steps': analysisSteps,
  '0031_feed_depth': feedDepth,
  '0032_read_versions': readVersions,
  '0033_notification_deletions': notificationDeletions,
  '0034_per_user_read_versions': perUserReadVersions,
  '0035_notification_page_versions': notificationPageVersions,
};

/** `schema`: the PostgreSQL schema the tables live in, when it is not the default one (tests use one per file). */
export async function migrateToLatest(db: Kysely<any>, dialect: Dialect, schema?: string): Promise<MigrationResultSet> {
  return checked(await migratorFor(db, dialect, schema).migrateToLatest());
}

/** Up to and including the migration `name`: for tests of what a later migration does to rows that exist before it. */
export async function migrateUpTo(db: Kysely<any>, dialect: Dialect, name: string): Promise<MigrationResultSet> {
  return checked(await migratorFor(db, dialect).migrateTo(name));
}

function migratorFor(db: Kysely<any>, dialect: Dialect, schema?: string): Migrator {
  const types = columnTypesFor(dialect);
  return new Migrator({
    db,
    // Migrations are numbered when their work starts and can land in another order (0014 after 0021), so a database
    // migrated before a lower-numbered one landed must still take it. Each migration only adds its own tables,
    // columns and indexes, so none depends on running before a higher-numbered one.
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(migrations).map(([name, module]): [string, Migration] => [
            name,
            { up: (db) => module.up(db, types) },
          ]),
        ),
    },
  });
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) throw result.error;
  return result;
}
