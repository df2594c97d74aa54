import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/** The whole first schema. Later changes come as new numbered files; this one is never edited once released. */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('account_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('linkedin_id', 'varchar(255)', (c) => c.unique())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('personal_access_tokens')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('last_used_at', t.timestamp)
    .addColumn('expires_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('personal_access_tokens_user_id')
    .on('personal_access_tokens')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('volunteers')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('field', 'varchar(255)', (c) => c.notNull())
    .addColumn('bio', 'text')
    .addColumn('availability_hours_per_week', 'integer', (c) => c.notNull())
    .addColumn('experience_level', 'varchar(20)')
    .addColumn('years_of_experience', t.real)
    .addColumn('professional_domains', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('education', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('work_experience', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('reputation_score', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cv_storage_key', 'text')
    .addColumn('cv_file_name', 'varchar(255)')
    .addColumn('cv_uploaded_at', t.timestamp)
    .addColumn('ai_analysis_status', 'varchar(20)', (c) => c.notNull().defaultTo('none'))
    .addColumn('ai_analysis_confidence', 'integer')
    .addColumn('ai_analysis_error', 'text')
    .addColumn('ai_analyzed_at', t.timestamp)
    .addColumn('validation_status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('skills')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('slug', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('category', 'varchar(20)')
    .execute();

  await db.schema
    .createTable('skill_aliases')
    .addColumn('alias', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .execute();

  await db.schema
    .createTable('volunteer_skills')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('proficiency_level', 'varchar(20)', (c) => c.notNull())
    .addColumn('years_of_experience', t.real)
    .addColumn('source', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('volunteer_skills_volunteer_skill', ['volunteer_id', 'skill_id'])
    .execute();
  await db.schema.createIndex('volunteer_skills_skill_id').on('volunteer_skills').column('skill_id').execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('company_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('industry', 'varchar(255)')
    .addColumn('website', 'text')
    .addColumn('description', 'text')
    .addColumn('logo_storage_key', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('challenges')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('refined_brief', 'text')
    .addColumn('field', 'varchar(255)')
    .addColumn('score', 'integer')
    .addColumn('complexity_level', 'integer')
    .addColumn('challenge_type', 'varchar(30)')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('ai_analysis_status', 'varchar(20)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('rejection_reason', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('challenges_company_id').on('challenges').columns(['company_id', 'id']).execute();
  await db.schema.createIndex('challenges_status_id').on('challenges').columns(['status', 'id']).execute();

  await db.schema
    .createTable('challenge_analyses')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('stage', 'varchar(20)', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('objectives', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('constraints', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('success_criteria', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('stakeholders', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('risks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('recommended_approach', 'text')
    .addColumn('confidence_score', 'integer')
    .addColumn('provider', 'varchar(50)', (c) => c.notNull())
    .addColumn('model', 'varchar(255)')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('challenge_analyses_challenge_id')
    .on('challenge_analyses')
    .column('challenge_id')
    .execute();

  await db.schema
    .createTable('workstreams')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workstreams_challenge_id').on('workstreams').column('challenge_id').execute();

  await db.schema
    .createTable('tasks')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('workstream_id', 'integer', (c) => c.references('workstreams.id').onDelete('set null'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('required_skills', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('required_experience_level', 'varchar(20)')
    .addColumn('expected_output', 'text')
    .addColumn('acceptance_criteria', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('estimated_hours', t.real)
    .addColumn('complexity_score', 'integer')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_challenge_id').on('tasks').columns(['challenge_id', 'id']).execute();
  await db.schema.createIndex('tasks_workstream_id').on('tasks').column('workstream_id').execute();
  await db.schema.createIndex('tasks_status_id').on('tasks').columns(['status', 'id']).execute();

  await db.schema
    .createTable('task_skills')
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('task_skills_pk', ['task_id', 'skill_id'])
    .execute();
  await db.schema.createIndex('task_skills_skill_id').on('task_skills').columns(['skill_id', 'task_id']).execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('match_score', 'integer')
    .addColumn('match_reasoning', 'text')
    .addColumn('decline_reason', 'text')
    .addColumn('invited_at', t.timestamp, (c) => c.notNull())
    .addColumn('responded_at', t.timestamp)
    .addColumn('started_at', t.timestamp)
    .addColumn('submitted_at', t.timestamp)
    .addColumn('completed_at', t.timestamp)
    .addColumn('actual_hours', t.real)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('assignments_task_volunteer', ['task_id', 'volunteer_id'])
    .execute();
  await db.schema
    .createIndex('assignments_volunteer_id')
    .on('assignments')
    .columns(['volunteer_id', 'status'])
    .execute();
  // "A contributor may have only one active task at a time" (docs/contract.md §4) must survive concurrent accepts, so
  // it is the database's rule, not only a check in code: at most one accepted/in_progress/submitted row per
  // contributor.
  await sql`create unique index assignments_one_active_per_volunteer on assignments (volunteer_id)
    where status in ('accepted', 'in_progress', 'submitted')`.execute(db);

  await db.schema
    .createTable('submissions')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('assignment_id', 'integer', (c) => c.notNull().references('assignments.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('deliverable_url', 'text')
    .addColumn('hours_worked', t.real, (c) => c.notNull())
    .addColumn('status', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('reviewed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('submissions_assignment_id').on('submissions').columns(['assignment_id', 'id']).execute();

  await db.schema
    .createTable('submission_attachments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('submission_id', 'integer', (c) => c.notNull().references('submissions.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('submission_attachments_submission_id')
    .on('submission_attachments')
    .column('submission_id')
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('teams_challenge_id').on('teams').column('challenge_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('role', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('invited_at', t.timestamp, (c) => c.notNull())
    .addColumn('responded_at', t.timestamp)
    .addUniqueConstraint('team_members_team_volunteer', ['team_id', 'volunteer_id'])
    .execute();
  await db.schema.createIndex('team_members_volunteer_id').on('team_members').column('volunteer_id').execute();

  await db.schema
    .createTable('team_messages')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('team_messages_team_id').on('team_messages').columns(['team_id', 'id']).execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(50)', (c) => c.notNull())
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('action_url', 'text')
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('read_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute();
  await sql`create index notifications_user_unread on notifications (user_id, id) where read_at is null`.execute(db);

  await db.schema
    .createTable('ideas')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('ai_score', t.real)
    .addColumn('ai_feedback', 'text')
    .addColumn('votes_up', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('votes_down', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vote_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('final_score', t.real)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('ideas_challenge_id').on('ideas').columns(['challenge_id', 'status']).execute();
  await db.schema.createIndex('ideas_volunteer_id').on('ideas').column('volunteer_id').execute();

  await db.schema
    .createTable('idea_votes')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('vote', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('idea_votes_idea_volunteer', ['idea_id', 'volunteer_id'])
    .execute();

  await db.schema
    .createTable('reputation_events')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('points', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(50)', (c) => c.notNull())
    .addColumn('subject_type', 'varchar(50)')
    .addColumn('subject_id', 'integer')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reputation_events_volunteer_id')
    .on('reputation_events')
    .column('volunteer_id')
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', t.timestamp, (c) => c.notNull())
    .addColumn('locked_until', t.timestamp)
    .addColumn('locked_by', 'varchar(100)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addColumn('completed_at', t.timestamp)
    .execute();
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
}
